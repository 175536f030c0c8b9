"""Icons, images and desktop files shipped with Posthorn."""
