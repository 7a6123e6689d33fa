-- The DuckLake catalog in Flink's SQL client: the lake's databases and tables, with no WITH clauses.
-- Run: scripts/sql-client.sh examples/sql/catalog.sql   (see docs/getting-started.md, "Run the examples")

SET 'sql-client.execution.result-mode' = 'tableau';
SET 'table.dml-sync' = 'true';
SET 'execution.runtime-mode' = 'batch';

-- Every table of the lake is in the catalog. A relative catalog path is resolved against the
-- client's working directory.
CREATE CATALOG lake WITH (
  'type'    = 'ducklake',
  'catalog' = 'lake/metadata.ducklake'
);
USE CATALOG lake;

CREATE DATABASE shop;
USE shop;

CREATE TABLE orders (
  order_id STRING,
  customer STRING,
  amount   DECIMAL(10, 2),
  PRIMARY KEY (order_id) NOT ENFORCED
) COMMENT 'one row per order';

-- In batch mode each INSERT is one commit, one version of the table.
INSERT INTO orders VALUES
  ('o-1', 'alice', 19.99),
  ('o-2', 'bob',   5.00);

-- Upserts by key: o-1 is updated, o-3 is new.
INSERT INTO orders VALUES
  ('o-1', 'alice', 24.99),
  ('o-3', 'carol', 42.00);

-- Time travel: the table at its first write, version 4.
SELECT * FROM orders /*+ OPTIONS('scan.version' = '4') */ ORDER BY order_id;

-- A new column: one more version, no file rewritten; the rows written before read NULL.
ALTER TABLE orders ADD status STRING;

INSERT INTO orders VALUES
  ('o-1', 'alice', 24.99, 'paid'),
  ('o-4', 'dave',  7.50,  'new');

SHOW TABLES;
DESCRIBE orders;
SELECT * FROM orders ORDER BY order_id;

-- The table's versions and the commit each one was.
SELECT version, operation, rows_inserted, rows_updated, commit_mode FROM `orders$snapshots` ORDER BY version;

-- The files that hold the table: none yet, as small commits keep their rows in the catalog.
SELECT content, record_count FROM `orders$files`;

-- Maintenance, as a procedure: write the table's rows out to a Parquet file, merge small files and
-- rewrite those most of whose rows were deleted. (SYSTEM is a reserved word in Flink SQL: the
-- procedures' database is `sys`, or `system` in backticks.)
CALL lake.sys.compact(`table` => 'shop.orders');
SELECT content, record_count FROM `orders$files`;
