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

package dev.ducklake.engine.internal.transform;

import dev.ducklake.engine.error.LakeValidationException;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Replaces a transform's placeholders {@code {name}} by relations, outside string literals ({@code
 * '…'}) and quoted identifiers ({@code "…"}). A placeholder that is not bound, or a binding no
 * placeholder uses, fails, naming it.
 */
final class PlaceholderSql {

    private PlaceholderSql() {}

    static String render(String template, Map<String, String> relations) {
        StringBuilder out = new StringBuilder(template.length());
        Set<String> used = new LinkedHashSet<>();
        int i = 0;
        while (i < template.length()) {
            char c = template.charAt(i);
            if (c == '\'' || c == '"') {
                int end = closing(template, i, c);
                out.append(template, i, end);
                i = end;
            } else if (c == '{' && placeholderEnd(template, i) > 0) {
                int end = placeholderEnd(template, i);
                String name = template.substring(i + 1, end);
                String relation = relations.get(name);
                if (relation == null) {
                    throw new LakeValidationException(
                            "The transform's query names {"
                                    + name
                                    + "}, which is not bound"
                                    + " to a table; bound: "
                                    + relations.keySet());
                }
                used.add(name);
                out.append(relation);
                i = end + 1;
            } else {
                out.append(c);
                i++;
            }
        }
        Set<String> unused = new LinkedHashSet<>(relations.keySet());
        unused.removeAll(used);
        if (!unused.isEmpty()) {
            throw new LakeValidationException(
                    "The transform's query does not use the input(s) "
                            + unused
                            + "; every bound table must appear as {name}");
        }
        return out.toString();
    }

    /**
     * The index after the quoted text that starts at {@code start}; a doubled quote does not close
     * it.
     */
    private static int closing(String sql, int start, char quote) {
        int i = start + 1;
        while (i < sql.length()) {
            if (sql.charAt(i) == quote) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return sql.length();
    }

    /**
     * The index of the {@code }} that closes a placeholder starting at {@code start}, or -1 if none
     * does.
     */
    private static int placeholderEnd(String sql, int start) {
        int i = start + 1;
        if (i >= sql.length() || !nameChar(sql.charAt(i)) || Character.isDigit(sql.charAt(i))) {
            return -1;
        }
        while (i < sql.length() && nameChar(sql.charAt(i))) {
            i++;
        }
        return i < sql.length() && sql.charAt(i) == '}' ? i : -1;
    }

    private static boolean nameChar(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_';
    }
}
