-- A job that fails at run time: its staging path cannot be created.
SET 'table.dml-sync' = 'true';
SET 'execution.runtime-mode' = 'batch';
CREATE TABLE events (id BIGINT, name STRING)
WITH ('connector' = 'ducklake', 'catalog' = 'lake/metadata.ducklake', 'sink.staging-path' = '/proc/no-such-dir');
INSERT INTO events VALUES (1, 'a');
