"""Quick match (issue 23): "play now with people". Players wait in a queue kept in the database
(`model`), so that every instance of a cluster pairs from the one queue; `queue` pairs them (blocks
respected, bots after each player's chosen wait) and `seating` makes their table through the one
table-creation path and hands each player their seat's credential when they poll."""
