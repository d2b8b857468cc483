print("navdom")
