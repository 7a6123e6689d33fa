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

package dev.ducklake.engine.schema;

import java.util.Objects;

/** A column of a lake table: its name, its type, and whether it accepts NULL. */
public record Column(String name, LakeType type, boolean nullable) {

    public Column {
        Identifiers.requireValid(name, "column");
        Objects.requireNonNull(type, "type");
    }

    /** A nullable column. */
    public static Column of(String name, LakeType type) {
        return new Column(name, type, true);
    }

    /** A column that refuses NULL. */
    public static Column notNull(String name, LakeType type) {
        return new Column(name, type, false);
    }

    /** This column as it appears in {@code CREATE TABLE}. */
    public String ddl() {
        return Identifiers.quote(name) + ' ' + type.sql() + (nullable ? "" : " NOT NULL");
    }
}
