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

package dev.ducklake.engine.config;

import dev.ducklake.engine.error.LakeValidationException;
import dev.ducklake.engine.secret.SecretMasking;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;

/**
 * Where a lake's metadata lives, written as it follows {@code ducklake:} in DuckDB's {@code
 * ATTACH}: a DuckDB file path (the embedded default), {@code sqlite:<path>}, or {@code
 * postgres:<libpq connection string>}.
 *
 * <pre>{@code
 * CatalogLocation.parse("/data/lake/metadata.ducklake");
 * CatalogLocation.parse("postgres:host=127.0.0.1 port=5432 dbname=lake user=flink");
 * }</pre>
 */
public record CatalogLocation(Kind kind, String location) {

    /** The catalog database behind a lake. */
    public enum Kind {
        /** A DuckDB file; one process at a time. */
        DUCKDB(null, ""),
        /** A SQLite file; several processes on one machine. */
        SQLITE("sqlite", "sqlite:"),
        /** A PostgreSQL database; several processes and machines. */
        POSTGRES("postgres", "postgres:");

        private final String extension;
        private final String prefix;

        Kind(String extension, String prefix) {
            this.extension = extension;
            this.prefix = prefix;
        }

        /**
         * The DuckDB extension that reads this catalog, besides {@code ducklake}; null for DuckDB
         * files.
         */
        public String extension() {
            return extension;
        }
    }

    public CatalogLocation {
        Objects.requireNonNull(kind, "kind");
        if (location == null || location.isBlank()) {
            throw new LakeValidationException("The catalog location must not be empty");
        }
        if (kind != Kind.POSTGRES) {
            location = Path.of(location).toAbsolutePath().normalize().toString();
        } else {
            location = location.trim();
            SecretMasking.registerPasswordsOf(location);
        }
    }

    /** Parses the text that follows {@code ducklake:} in an ATTACH, with or without that prefix. */
    public static CatalogLocation parse(String text) {
        if (text == null || text.isBlank()) {
            throw new LakeValidationException("The catalog location must not be empty");
        }
        String rest = text.trim();
        if (rest.toLowerCase(Locale.ROOT).startsWith("ducklake:")) {
            rest = rest.substring("ducklake:".length());
        }
        String lower = rest.toLowerCase(Locale.ROOT);
        if (lower.startsWith("sqlite:")) {
            return new CatalogLocation(Kind.SQLITE, rest.substring("sqlite:".length()));
        }
        if (lower.startsWith("postgres:")) {
            return new CatalogLocation(Kind.POSTGRES, rest.substring("postgres:".length()));
        }
        if (lower.startsWith("duckdb:")) {
            return new CatalogLocation(Kind.DUCKDB, rest.substring("duckdb:".length()));
        }
        return new CatalogLocation(Kind.DUCKDB, rest);
    }

    public static CatalogLocation duckDbFile(Path path) {
        return new CatalogLocation(Kind.DUCKDB, path.toString());
    }

    public static CatalogLocation sqliteFile(Path path) {
        return new CatalogLocation(Kind.SQLITE, path.toString());
    }

    public static CatalogLocation postgres(String connectionString) {
        return new CatalogLocation(Kind.POSTGRES, connectionString);
    }

    /** True for catalogs stored in a local file. */
    public boolean isFile() {
        return kind != Kind.POSTGRES;
    }

    /** The identity of this catalog within a JVM: the key under which engines are shared. */
    public String key() {
        return kind.prefix + location;
    }

    /** The ATTACH target, {@code ducklake:...}. */
    public String attachTarget() {
        return "ducklake:" + key();
    }

    /** The location safe to print: a PostgreSQL password is masked. */
    @Override
    public String toString() {
        return SecretMasking.mask(key());
    }
}
