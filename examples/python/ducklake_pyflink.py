"""DuckLake from PyFlink: the Table API writes a table, SQL upserts it, and a query reads it back.

Run it with PyFlink (pip install apache-flink==2.3.0) and the connector's jar:

    python3 examples/python/ducklake_pyflink.py connector-dist/target/flink-sql-connector-ducklake-<version>.jar /tmp/lake

The jobs run on a local MiniCluster in PyFlink's JVM; the lake is a DuckDB-file catalog under the
given directory.
"""
import sys
from decimal import Decimal
from pathlib import Path

from pyflink.table import DataTypes, EnvironmentSettings, TableEnvironment


def main(jar: str, lake: str) -> None:
    t_env = TableEnvironment.create(EnvironmentSettings.in_batch_mode())
    t_env.get_config().set("pipeline.jars", Path(jar).resolve().as_uri())

    t_env.execute_sql(f"""
        CREATE CATALOG lake WITH (
          'type'    = 'ducklake',
          'catalog' = '{Path(lake).resolve() / "metadata.ducklake"}'
        )""")
    t_env.use_catalog("lake")
    t_env.execute_sql("""
        CREATE TABLE orders (
          order_id STRING,
          customer STRING,
          amount   DECIMAL(10, 2),
          PRIMARY KEY (order_id) NOT ENFORCED
        )""")

    # The Table API: rows from Python, one commit.
    orders = t_env.from_elements(
        [("o-1", "alice", Decimal("19.99")), ("o-2", "bob", Decimal("5.00"))],
        DataTypes.ROW([
            DataTypes.FIELD("order_id", DataTypes.STRING()),
            DataTypes.FIELD("customer", DataTypes.STRING()),
            DataTypes.FIELD("amount", DataTypes.DECIMAL(10, 2)),
        ]))
    orders.execute_insert("orders").wait()

    # SQL: an upsert of o-1 and a new order, a second commit.
    t_env.execute_sql("INSERT INTO orders VALUES ('o-1', 'alice', 24.99), ('o-3', 'carol', 42.00)").wait()

    with t_env.execute_sql("SELECT order_id, customer, amount FROM orders ORDER BY order_id").collect() as rows:
        for row in rows:
            print(f"order {row[0]} {row[1]} {row[2]}")
    with t_env.execute_sql("SELECT COUNT(*) FROM `orders$snapshots`").collect() as rows:
        print(f"versions {next(iter(rows))[0]}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
