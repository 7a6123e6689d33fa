-- Flink SQL on DuckLake: upserts, a changelog query, a lookup join and an event-time temporal join,
-- a changelog feeding a streaming aggregation, and time travel in batch mode.
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

-- For the dimension joins (docs/joins.md): customer_tiers is a keyed dimension; each table's rows
-- carry the commit time of the version that wrote them (a metadata column), their event time. A
-- table used with event time is declared while the session runs in streaming mode.
CREATE TABLE customer_tiers (
  customer    STRING,
  tier        STRING,
  commit_time TIMESTAMP_LTZ(3) METADATA FROM 'commit_timestamp' VIRTUAL,
  PRIMARY KEY (customer) NOT ENFORCED,
  WATERMARK FOR commit_time AS commit_time
) WITH (
  'connector' = 'ducklake',
  'catalog'   = 'lake/metadata.ducklake'
);

CREATE TABLE payments (
  payment_id STRING,
  customer   STRING,
  amount     DECIMAL(10, 2),
  paid_at    TIMESTAMP_LTZ(3) METADATA FROM 'commit_timestamp' VIRTUAL,
  proc_time  AS PROCTIME(),
  PRIMARY KEY (payment_id) NOT ENFORCED,
  WATERMARK FOR paid_at AS paid_at
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

-- Dimension joins. Versions 4 and 5 (customer_tiers created, then written), 6 and 7 (payments), 8, 9.
INSERT INTO customer_tiers VALUES ('alice', 'silver'), ('bob', 'gold');
INSERT INTO payments VALUES ('p-1', 'alice', 10.00), ('p-2', 'bob', 20.00);
INSERT INTO customer_tiers VALUES ('alice', 'gold');
INSERT INTO payments VALUES ('p-3', 'alice', 30.00);

-- A lookup join: every payment with the customer's tier now (alice is gold).
SELECT p.payment_id, p.customer, c.tier
FROM payments AS p
JOIN customer_tiers FOR SYSTEM_TIME AS OF p.proc_time AS c ON p.customer = c.customer
ORDER BY p.payment_id;

SET 'execution.runtime-mode' = 'streaming';

-- The changelog of version 3: the update of o-1 as -U (before) and +U (after), and o-4 as +I.
-- scan.end.version bounds the streaming read, so that the query ends.
SELECT * FROM orders /*+ OPTIONS('scan.startup.mode' = 'version', 'scan.startup.version' = '2',
                                 'scan.end.version' = '3') */;

-- An event-time temporal join: every payment with the tier its customer had when it was paid
-- (p-1 was paid while alice was silver). Both tables are read as changelogs from their creation
-- up to version 9, each change at its commit time.
SELECT p.payment_id, p.customer, c.tier
FROM payments /*+ OPTIONS('scan.startup.mode' = 'version', 'scan.startup.version' = '6',
                          'scan.end.version' = '9') */ AS p
JOIN customer_tiers /*+ OPTIONS('scan.startup.mode' = 'version', 'scan.startup.version' = '4',
                                'scan.end.version' = '9') */ FOR SYSTEM_TIME AS OF p.paid_at AS c
ON p.customer = c.customer;

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
