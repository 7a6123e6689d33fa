-- Flink SQL on DuckLake: upserts, a changelog query, a changelog feeding a streaming aggregation,
-- and time travel in batch mode.
-- Run: scripts/sql-client.sh examples/sql/orders.sql   (see docs/getting-started.md, "Run the examples")

SET 'sql-client.execution.result-mode' = 'tableau';
SET 'table.dml-sync' = 'true';
SET 'execution.checkpointing.interval' = '1 s';

-- The DuckLake tables are created from these schemas on the first write. A relative catalog path
-- is resolved against the client's working directory.
CREATE TABLE orders (
  order_id STRING,
  customer STRING,
  status   STRING,
  amount   DECIMAL(10, 2),
  PRIMARY KEY (order_id) NOT ENFORCED
) WITH (
  'connector' = 'ducklake',
  'catalog'   = 'lake/metadata.ducklake'
);

CREATE TABLE customer_totals (
  customer STRING,
  orders   BIGINT,
  amount   DECIMAL(38, 2),
  PRIMARY KEY (customer) NOT ENFORCED
) WITH (
  'connector' = 'ducklake',
  'catalog'   = 'lake/metadata.ducklake'
);

-- Upserts. In batch mode each INSERT is one commit, one version of the table. (A streaming INSERT
-- of plain VALUES into a keyed table needs an ON CONFLICT clause in Flink 2.3.)
SET 'execution.runtime-mode' = 'batch';

-- Version 2: three new orders.
INSERT INTO orders VALUES
  ('o-1', 'alice', 'new', 19.99),
  ('o-2', 'bob',   'new', 5.00),
  ('o-3', 'alice', 'new', 42.00);

-- Version 3: upserts by key. o-1 is paid (an update), o-4 is new (an insert).
INSERT INTO orders VALUES
  ('o-1', 'alice', 'paid', 19.99),
  ('o-4', 'dave',  'new',  7.50);

SET 'execution.runtime-mode' = 'streaming';

-- The changelog of version 3: the update of o-1 as -U (before) and +U (after), and o-4 as +I.
-- scan.end.version bounds the streaming read, so that the query ends.
SELECT * FROM orders /*+ OPTIONS('scan.startup.mode' = 'version', 'scan.startup.version' = '2',
                                 'scan.end.version' = '3') */;

-- A changelog feeding a streaming upsert: totals per customer, from the table's contents and
-- then its changes (here up to version 3).
INSERT INTO customer_totals
SELECT customer, COUNT(*), SUM(amount)
FROM orders /*+ OPTIONS('scan.end.version' = '3') */
GROUP BY customer;

-- Batch mode reads a table at one version: time travel.
SET 'execution.runtime-mode' = 'batch';

-- orders as it was at version 2, before the upserts.
SELECT * FROM orders /*+ OPTIONS('scan.version' = '2') */ ORDER BY order_id;

-- orders now, and the totals.
SELECT status, COUNT(*) AS orders, SUM(amount) AS amount FROM orders GROUP BY status ORDER BY status;
SELECT * FROM customer_totals ORDER BY customer;
