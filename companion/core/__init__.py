"""What every game needs: dice, decks, the input log, sessions, packs, records, maps."""
