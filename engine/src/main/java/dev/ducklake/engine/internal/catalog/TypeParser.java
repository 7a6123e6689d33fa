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

package dev.ducklake.engine.internal.catalog;

import dev.ducklake.engine.error.LakeValidationException;
import dev.ducklake.engine.schema.LakeType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * Reads a DuckDB type as DuckDB prints it ({@code DESCRIBE}, {@code typeof}) back into a {@link
 * LakeType}. Types the engine does not support are refused with the type's text.
 */
public final class TypeParser {

    private static final Map<String, LakeType> NAMED =
            Map.ofEntries(
                    Map.entry("BOOLEAN", LakeType.Primitive.BOOLEAN),
                    Map.entry("TINYINT", LakeType.Primitive.TINYINT),
                    Map.entry("SMALLINT", LakeType.Primitive.SMALLINT),
                    Map.entry("INTEGER", LakeType.Primitive.INTEGER),
                    Map.entry("BIGINT", LakeType.Primitive.BIGINT),
                    Map.entry("FLOAT", LakeType.Primitive.FLOAT),
                    Map.entry("DOUBLE", LakeType.Primitive.DOUBLE),
                    Map.entry("VARCHAR", LakeType.Primitive.VARCHAR),
                    Map.entry("BLOB", LakeType.Primitive.BLOB),
                    Map.entry("DATE", LakeType.Primitive.DATE),
                    Map.entry("TIME", LakeType.Primitive.TIME),
                    Map.entry("TIMESTAMP_S", LakeType.Primitive.TIMESTAMP_S),
                    Map.entry("TIMESTAMP_MS", LakeType.Primitive.TIMESTAMP_MS),
                    Map.entry("TIMESTAMP", LakeType.Primitive.TIMESTAMP),
                    Map.entry("TIMESTAMP_NS", LakeType.Primitive.TIMESTAMP_NS),
                    Map.entry("TIMESTAMP WITH TIME ZONE", LakeType.Primitive.TIMESTAMPTZ),
                    Map.entry("TIMESTAMPTZ", LakeType.Primitive.TIMESTAMPTZ));

    private final String text;
    private int pos;

    private TypeParser(String text) {
        this.text = text;
    }

    /** Parses one DuckDB type. */
    public static LakeType parse(String duckDbType) {
        TypeParser parser = new TypeParser(duckDbType);
        LakeType type = parser.type();
        parser.skipSpaces();
        if (parser.pos != duckDbType.length()) {
            throw parser.unsupported();
        }
        return type;
    }

    private LakeType type() {
        skipSpaces();
        LakeType type;
        if (peekWord("STRUCT")) {
            type = struct();
        } else if (peekWord("MAP")) {
            type = twoArguments("MAP", this::type, LakeType.MapOf::new);
        } else if (peekWord("DECIMAL")) {
            type = twoArguments("DECIMAL", this::number, this::decimal);
        } else {
            type = named();
        }
        skipSpaces();
        while (text.startsWith("[]", pos)) {
            pos += 2;
            type = new LakeType.ListOf(type);
            skipSpaces();
        }
        return type;
    }

    /** {@code WORD(first, second)}: the word, then two arguments that {@code argument} reads. */
    private <A> LakeType twoArguments(
            String word, Supplier<A> argument, BiFunction<A, A, LakeType> type) {
        expectWord(word);
        expect('(');
        A first = argument.get();
        expect(',');
        A second = argument.get();
        expect(')');
        return type.apply(first, second);
    }

    private LakeType decimal(int precision, int scale) {
        if (precision < 1 || precision > 38 || scale > precision) {
            throw unsupported();
        }
        return new LakeType.Decimal(precision, scale);
    }

    private LakeType struct() {
        expectWord("STRUCT");
        expect('(');
        List<LakeType.Field> fields = new ArrayList<>();
        do {
            skipSpaces();
            String name = identifier();
            fields.add(new LakeType.Field(name, type()));
            skipSpaces();
        } while (tryConsume(','));
        expect(')');
        return new LakeType.Struct(fields);
    }

    private LakeType named() {
        int start = pos;
        while (pos < text.length()
                && (Character.isLetterOrDigit(text.charAt(pos))
                        || text.charAt(pos) == '_'
                        || (text.charAt(pos) == ' ' && continuesWithWord()))) {
            pos++;
        }
        String name = text.substring(start, pos).toUpperCase(Locale.ROOT);
        LakeType type = NAMED.get(name);
        if (type == null) {
            pos = start;
            throw unsupported();
        }
        return type;
    }

    private boolean continuesWithWord() {
        return pos + 1 < text.length() && Character.isLetter(text.charAt(pos + 1));
    }

    private String identifier() {
        if (text.startsWith("\"", pos)) {
            StringBuilder name = new StringBuilder();
            pos++;
            while (pos < text.length()) {
                char c = text.charAt(pos++);
                if (c == '"') {
                    if (text.startsWith("\"", pos)) {
                        name.append('"');
                        pos++;
                    } else {
                        return name.toString();
                    }
                } else {
                    name.append(c);
                }
            }
            throw unsupported();
        }
        int start = pos;
        while (pos < text.length() && !Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
        return text.substring(start, pos);
    }

    private int number() {
        skipSpaces();
        int start = pos;
        while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
            pos++;
        }
        if (start == pos || pos - start > 9) {
            throw unsupported();
        }
        return Integer.parseInt(text.substring(start, pos));
    }

    private boolean peekWord(String word) {
        return text.regionMatches(true, pos, word, 0, word.length())
                && (pos + word.length() == text.length()
                        || !Character.isLetterOrDigit(text.charAt(pos + word.length()))
                                && text.charAt(pos + word.length()) != '_');
    }

    private void expectWord(String word) {
        if (!peekWord(word)) {
            throw unsupported();
        }
        pos += word.length();
    }

    private void expect(char c) {
        if (!tryConsume(c)) {
            throw unsupported();
        }
    }

    private boolean tryConsume(char c) {
        skipSpaces();
        if (pos < text.length() && text.charAt(pos) == c) {
            pos++;
            return true;
        }
        return false;
    }

    private void skipSpaces() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private LakeValidationException unsupported() {
        return new LakeValidationException(
                "Unsupported DuckDB type '"
                        + text
                        + "' (at position "
                        + pos
                        + "); supported: BOOLEAN, TINYINT..BIGINT, FLOAT, DOUBLE, DECIMAL(p,s), VARCHAR, BLOB, DATE, TIME,"
                        + " TIMESTAMP_S/_MS/TIMESTAMP/_NS, TIMESTAMP WITH TIME ZONE, lists, MAP and STRUCT of those");
    }
}
