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

import dev.ducklake.engine.error.LakeValidationException;

/**
 * Validation and quoting of SQL identifiers and literals. Every name and value the engine puts into
 * SQL text goes through here; values that vary per row go through prepared statements or the
 * appender instead.
 */
public final class Identifiers {

    /** DuckDB's own limit is far higher; this keeps names readable in every catalog backend. */
    public static final int MAX_LENGTH = 255;

    private Identifiers() {}

    /**
     * Checks a name given for a schema, table, column or field: not blank, no control characters,
     * at most {@value #MAX_LENGTH} characters. Any other character is allowed, since every name is
     * quoted.
     */
    public static String requireValid(String name, String what) {
        if (name == null || name.isBlank()) {
            throw new LakeValidationException(
                    "The " + what + " name must not be empty, got " + describe(name));
        }
        if (name.length() > MAX_LENGTH) {
            throw new LakeValidationException(
                    "The "
                            + what
                            + " name "
                            + describe(name)
                            + " is longer than "
                            + MAX_LENGTH
                            + " characters");
        }
        for (int i = 0; i < name.length(); i++) {
            if (Character.isISOControl(name.charAt(i))) {
                throw new LakeValidationException(
                        "The "
                                + what
                                + " name "
                                + describe(name)
                                + " contains a control character");
            }
        }
        return name;
    }

    /** The name as a quoted SQL identifier: {@code my"name} becomes {@code "my""name"}. */
    public static String quote(String name) {
        return '"' + name.replace("\"", "\"\"") + '"';
    }

    /** The text as a SQL string literal: {@code it's} becomes {@code 'it''s'}. */
    public static String literal(String text) {
        return '\'' + text.replace("'", "''") + '\'';
    }

    /**
     * The value for an error message, quoted and shortened; control characters are written as Java
     * unicode escapes, so a NUL or a line break in a value shows in the message.
     */
    public static String describe(Object value) {
        if (value == null) {
            return "null";
        }
        String text =
                value instanceof byte[] bytes ? bytes.length + " bytes" : String.valueOf(value);
        if (text.length() > 120) {
            text = text.substring(0, 117) + "...";
        }
        StringBuilder shown = new StringBuilder(text.length());
        text.chars()
                .forEach(
                        c ->
                                shown.append(
                                        Character.isISOControl(c)
                                                ? String.format("\\u%04X", c)
                                                : (char) c));
        return value instanceof CharSequence ? "'" + shown + "'" : shown.toString();
    }
}
