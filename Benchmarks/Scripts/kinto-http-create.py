"""The baseline of the benchmark's sync row: Kinto's own Python client creating records.

Usage: python kinto-http-create.py URL USER PASSWORD COLLECTION RECORDS.json

Reads a JSON list of records (each an object with an "id") from RECORDS.json, creates the
collection in the account's default bucket, then creates every record in batches with
kinto-http's `client.batch()`, which splits them by the server's `batch_max_requests`, each
with `If-None-Match: *` (safe=True), as LocalStoreSync sends a create. Prints the seconds the
batches took, and nothing else on stdout; the reading and the client's set-up are not timed.
"""
import json
import sys
import time

import kinto_http

url, user, password, collection, path = sys.argv[1:6]
with open(path) as f:
    records = json.load(f)
client = kinto_http.Client(server_url=url, auth=(user, password), bucket="default",
                           collection=collection)
client.server_info()
client.create_collection(id=collection, if_not_exists=True)
start = time.perf_counter()
with client.batch() as batch:
    for record in records:
        batch.create_record(data=record, id=record["id"], safe=True)
elapsed = time.perf_counter() - start
found = len(client.get_records(collection=collection, _fields="id"))
if found != len(records):
    sys.exit(f"kinto-http created {found} records of {len(records)}")
print(f"{elapsed:.6f}")
