"""The Courier Desk: couriers, headquarters and commander location rolls for miniatures games."""
