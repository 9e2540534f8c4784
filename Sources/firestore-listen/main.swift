print("firestore-listen")
