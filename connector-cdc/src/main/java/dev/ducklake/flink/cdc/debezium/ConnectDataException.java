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

package dev.ducklake.flink.cdc.debezium;

import org.apache.flink.annotation.Internal;

/**
 * A Kafka Connect schema or value the deserializer cannot read, with the path of the column it
 * belongs to ({@code address.city}, {@code tags[2]}; empty while it is not yet known). The reader
 * turns it into an {@link java.io.IOException} that names the table as well.
 */
@Internal
final class ConnectDataException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String column;

    ConnectDataException(String message) {
        this("", message, null);
    }

    ConnectDataException(String message, Throwable cause) {
        this("", message, cause);
    }

    private ConnectDataException(String column, String message, Throwable cause) {
        super(message, cause);
        this.column = column;
    }

    /** This failure, inside the field or array element {@code segment} of the enclosing value. */
    ConnectDataException within(String segment) {
        String path =
                column.isEmpty() ? segment : segment + (column.startsWith("[") ? "" : ".") + column;
        ConnectDataException within = new ConnectDataException(path, getMessage(), getCause());
        within.setStackTrace(getStackTrace());
        return within;
    }

    /** The column path, e.g. {@code address.city}; empty for a failure outside any column. */
    String column() {
        return column;
    }
}
