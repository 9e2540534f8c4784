"""Writes a live queue for Scripts/demo: a new pending ticket every 3 s, and now and then completes one.

Usage: demo_writer.py COLLECTION   (FIRESTORE_EMULATOR_HOST and GOOGLE_CLOUD_PROJECT must be set)
"""
import random
import sys
import time

from google.cloud import firestore


def main() -> None:
    collection = firestore.Client().collection(sys.argv[1])
    pending = []
    number = 0
    while True:
        number += 1
        ref = collection.document(f"t{number}")
        ref.set({"number": number, "status": "pending", "text": f"ticket {number}"})
        pending.append(ref)
        if len(pending) > 3 and random.random() < 0.5:
            pending.pop(0).update({"status": "completed"})
        time.sleep(3)


if __name__ == "__main__":
    main()
