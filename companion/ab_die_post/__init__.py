"""Ab die Post!: spare parts, the hurricane indicator, lanes and the flight scoring."""
