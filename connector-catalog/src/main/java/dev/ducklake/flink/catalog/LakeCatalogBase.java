/*
 * Copyright 2026 The Flink connector for DuckLake authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

package dev.ducklake.flink.catalog;

import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.catalog.AbstractCatalog;
import org.apache.flink.table.catalog.CatalogDatabase;
import org.apache.flink.table.catalog.CatalogFunction;
import org.apache.flink.table.catalog.CatalogPartition;
import org.apache.flink.table.catalog.CatalogPartitionSpec;
import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.catalog.exceptions.CatalogException;
import org.apache.flink.table.catalog.exceptions.FunctionNotExistException;
import org.apache.flink.table.catalog.exceptions.PartitionNotExistException;
import org.apache.flink.table.catalog.stats.CatalogColumnStatistics;
import org.apache.flink.table.catalog.stats.CatalogTableStatistics;
import org.apache.flink.table.expressions.Expression;

/**
 * What a DuckLake catalog does not have: Flink-managed partitions (DuckLake partitions files
 * itself, by the table's partitioning, so a partitioned table lists no partitions to Flink),
 * functions, statistics and database properties. Keeps {@link DuckLakeCatalog} to the lake's
 * databases and tables.
 */
@Internal
abstract class LakeCatalogBase extends AbstractCatalog {

    LakeCatalogBase(String name, String defaultDatabase) {
        super(name, defaultDatabase);
    }

    @Override
    public void alterDatabase(String name, CatalogDatabase newDatabase, boolean ignoreIfNotExists) {
        throw new CatalogException(
                "DuckLake schemas have no properties or comment to change (database " + name + ")");
    }

    @Override
    public List<CatalogPartitionSpec> listPartitions(ObjectPath path) {
        return List.of();
    }

    @Override
    public List<CatalogPartitionSpec> listPartitions(ObjectPath path, CatalogPartitionSpec spec) {
        return List.of();
    }

    @Override
    public List<CatalogPartitionSpec> listPartitionsByFilter(
            ObjectPath path, List<Expression> filters) {
        return List.of();
    }

    @Override
    public CatalogPartition getPartition(ObjectPath path, CatalogPartitionSpec spec)
            throws PartitionNotExistException {
        throw new PartitionNotExistException(getName(), path, spec);
    }

    @Override
    public boolean partitionExists(ObjectPath path, CatalogPartitionSpec spec) {
        return false;
    }

    @Override
    public void createPartition(
            ObjectPath path,
            CatalogPartitionSpec spec,
            CatalogPartition partition,
            boolean ignoreIfExists) {
        throw partitionsUnsupported(path);
    }

    @Override
    public void dropPartition(
            ObjectPath path, CatalogPartitionSpec spec, boolean ignoreIfNotExists) {
        throw partitionsUnsupported(path);
    }

    @Override
    public void alterPartition(
            ObjectPath path,
            CatalogPartitionSpec spec,
            CatalogPartition newPartition,
            boolean ignoreIfNotExists) {
        throw partitionsUnsupported(path);
    }

    @Override
    public List<String> listFunctions(String database) {
        return List.of();
    }

    @Override
    public CatalogFunction getFunction(ObjectPath path) throws FunctionNotExistException {
        throw new FunctionNotExistException(getName(), path);
    }

    @Override
    public boolean functionExists(ObjectPath path) {
        return false;
    }

    @Override
    public void createFunction(ObjectPath path, CatalogFunction function, boolean ignoreIfExists) {
        throw new CatalogException(
                "A DuckLake catalog keeps no functions; create "
                        + path
                        + " as a temporary function");
    }

    @Override
    public void alterFunction(
            ObjectPath path, CatalogFunction function, boolean ignoreIfNotExists) {
        throw new CatalogException("A DuckLake catalog keeps no functions (" + path + ")");
    }

    @Override
    public void dropFunction(ObjectPath path, boolean ignoreIfNotExists)
            throws FunctionNotExistException {
        if (!ignoreIfNotExists) {
            throw new FunctionNotExistException(getName(), path);
        }
    }

    @Override
    public CatalogTableStatistics getTableStatistics(ObjectPath path) {
        return CatalogTableStatistics.UNKNOWN;
    }

    @Override
    public CatalogColumnStatistics getTableColumnStatistics(ObjectPath path) {
        return CatalogColumnStatistics.UNKNOWN;
    }

    @Override
    public CatalogTableStatistics getPartitionStatistics(
            ObjectPath path, CatalogPartitionSpec spec) {
        return CatalogTableStatistics.UNKNOWN;
    }

    @Override
    public CatalogColumnStatistics getPartitionColumnStatistics(
            ObjectPath path, CatalogPartitionSpec spec) {
        return CatalogColumnStatistics.UNKNOWN;
    }

    @Override
    public void alterTableStatistics(
            ObjectPath path, CatalogTableStatistics statistics, boolean ignoreIfNotExists) {
        throw new CatalogException("A DuckLake catalog keeps no statistics (" + path + ")");
    }

    @Override
    public void alterTableColumnStatistics(
            ObjectPath path, CatalogColumnStatistics statistics, boolean ignoreIfNotExists) {
        throw new CatalogException("A DuckLake catalog keeps no statistics (" + path + ")");
    }

    @Override
    public void alterPartitionStatistics(
            ObjectPath path,
            CatalogPartitionSpec spec,
            CatalogTableStatistics statistics,
            boolean ignoreIfNotExists) {
        throw partitionsUnsupported(path);
    }

    @Override
    public void alterPartitionColumnStatistics(
            ObjectPath path,
            CatalogPartitionSpec spec,
            CatalogColumnStatistics statistics,
            boolean ignoreIfNotExists) {
        throw partitionsUnsupported(path);
    }

    private static CatalogException partitionsUnsupported(ObjectPath path) {
        return new CatalogException(
                "DuckLake partitions the files of "
                        + path
                        + " itself, by the table's"
                        + " partitioning; it has no partitions to create, drop or alter");
    }
}
