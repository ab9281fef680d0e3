"""Pure-Python rules engines for Five Hundred and Auction Pitch. Nothing here imports Django."""
