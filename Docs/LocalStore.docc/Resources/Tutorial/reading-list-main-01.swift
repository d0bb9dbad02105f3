print("Reading list")
