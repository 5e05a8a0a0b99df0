"""Reads verse.jobs.changes the way a data team would, with Confluent's Python client and the
schema registry, and prints each organisation's latest state of every job as JSON lines.

    pip install "confluent-kafka[schemaregistry,json]==2.*"
    python read_job_changes.py --brokers 127.0.0.1:9092 \\
        --registry http://127.0.0.1:8081/apis/ccompat/v7 --org org_... [--topic verse.jobs.changes]

The topic is compacted and keyed by job id: read from the beginning, it holds at least the latest
change of every job, so folding it by job_id (keeping the highest version) rebuilds the catalogue's
state. The script stops at the end of every partition.
"""

import argparse
import json
import time
import uuid

from confluent_kafka import Consumer, KafkaError
from confluent_kafka.schema_registry import SchemaRegistryClient
from confluent_kafka.schema_registry.json_schema import JSONDeserializer
from confluent_kafka.serialization import MessageField, SerializationContext


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--brokers", default="127.0.0.1:9092")
    parser.add_argument("--registry", default="http://127.0.0.1:8081/apis/ccompat/v7")
    parser.add_argument("--topic", default="verse.jobs.changes")
    parser.add_argument("--org", required=True, help="only this organisation's jobs")
    parser.add_argument("--timeout", type=float, default=60.0)
    args = parser.parse_args()

    # The writer's schema comes from the registry (each value names its schema id).
    decode = JSONDeserializer(None, schema_registry_client=SchemaRegistryClient({"url": args.registry}))
    consumer = Consumer(
        {
            "bootstrap.servers": args.brokers,
            "group.id": f"read-job-changes-{uuid.uuid4()}",
            "auto.offset.reset": "earliest",
            "enable.auto.commit": False,
            "enable.partition.eof": True,
        }
    )
    consumer.subscribe([args.topic])
    latest: dict[str, dict] = {}
    finished: set[int] = set()
    deadline = time.time() + args.timeout
    try:
        while time.time() < deadline:
            message = consumer.poll(1.0)
            if message is None:
                continue
            if message.error():
                if message.error().code() == KafkaError._PARTITION_EOF:
                    finished.add(message.partition())
                    if len(finished) == len(consumer.assignment()):
                        break
                    continue
                raise RuntimeError(message.error())
            finished.discard(message.partition())
            change = decode(message.value(), SerializationContext(args.topic, MessageField.VALUE))
            if change["org_id"] != args.org:
                continue
            known = latest.get(change["job_id"])
            if known is None or change["version"] > known["version"]:
                latest[change["job_id"]] = change
    finally:
        consumer.close()
    for change in latest.values():
        print(json.dumps(change))


if __name__ == "__main__":
    main()
