"""The Postman: Postmen against Holnists on a map of the players' own making."""
