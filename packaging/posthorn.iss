; Inno Setup 6 script for Posthorn's Windows installer. packaging/build.py runs it as
;   iscc /DAppVersion=0.1.0 /DSourceDir=build\dist\posthorn /DIconFile=build\posthorn.ico
;        /DOutputDir=dist [/Sposthorn=SIGN-COMMAND /DSignTool=posthorn] posthorn.iss
; Per-user install without admin rights ({autopf} is %LOCALAPPDATA%\Programs then), a Start menu
; entry, an optional desktop icon, and an uninstaller under Settings > Apps.

#ifndef AppVersion
  #error Pass /DAppVersion=... (packaging/build.py reads it from pyproject.toml)
#endif

[Setup]
AppId={{6C1E2A9B-3F4D-4B8E-9A57-2D0F8C61B7E3}
AppName=Posthorn
AppVersion={#AppVersion}
AppVerName=Posthorn {#AppVersion}
AppPublisher=Posthorn
DefaultDirName={autopf}\Posthorn
DefaultGroupName=Posthorn
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=commandline dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir={#OutputDir}
OutputBaseFilename=posthorn-{#AppVersion}-windows-x64-setup
SetupIconFile={#IconFile}
UninstallDisplayIcon={app}\posthorn.exe
UninstallDisplayName=Posthorn
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
#ifdef SignTool
SignTool={#SignTool}
SignedUninstaller=yes
#endif

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\Posthorn"; Filename: "{app}\posthorn.exe"
Name: "{autodesktop}\Posthorn"; Filename: "{app}\posthorn.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\posthorn.exe"; Description: "{cm:LaunchProgram,Posthorn}"; Flags: nowait postinstall skipifsilent
