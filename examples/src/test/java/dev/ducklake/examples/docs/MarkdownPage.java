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

package dev.ducklake.examples.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A markdown page read for what can break: its links, its headings' anchors (as GitHub makes them)
 * and the command lines of its fenced shell blocks. Text inside fences and inline code is neither a
 * link nor a heading.
 */
record MarkdownPage(Path file, String prose, List<String> headings, List<String> shellCommands) {

    private static final Pattern LINK =
            Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern INLINE_CODE = Pattern.compile("`[^`]+`");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Set<String> SHELLS = Set.of("bash", "sh", "shell");

    static MarkdownPage read(Path file) throws IOException {
        StringBuilder prose = new StringBuilder();
        List<String> headings = new ArrayList<>();
        List<String> commands = new ArrayList<>();
        String fence = null;
        StringBuilder continued = new StringBuilder();
        for (String line : Files.readAllLines(file)) {
            String trimmed = line.trim();
            if (trimmed.startsWith("```")) {
                fence = fence == null ? trimmed.substring(3).trim() : null;
                continue;
            }
            if (fence == null) {
                prose.append(line).append('\n');
                Matcher heading = HEADING.matcher(line);
                if (heading.matches()) {
                    headings.add(heading.group(1));
                }
            } else if (SHELLS.contains(fence) && !trimmed.isEmpty() && !trimmed.startsWith("#")) {
                continued.append(trimmed);
                if (trimmed.endsWith("\\")) {
                    continued.setLength(continued.length() - 1);
                } else {
                    commands.add(continued.toString());
                    continued.setLength(0);
                }
            }
        }
        return new MarkdownPage(
                file, prose.toString(), List.copyOf(headings), List.copyOf(commands));
    }

    /** The targets of the page's links and images, as written. */
    List<String> linkTargets() {
        List<String> targets = new ArrayList<>();
        Matcher link = LINK.matcher(INLINE_CODE.matcher(prose).replaceAll("code"));
        while (link.find()) {
            targets.add(link.group(1));
        }
        return targets;
    }

    /**
     * The anchors GitHub gives the page's headings, a repeated one numbered {@code -1}, {@code -2},
     * ....
     */
    Set<String> anchors() {
        Set<String> anchors = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String heading : headings) {
            String slug = slug(heading);
            int count = seen.merge(slug, 1, Integer::sum);
            anchors.add(count == 1 ? slug : slug + "-" + (count - 1));
        }
        return anchors;
    }

    /**
     * GitHub's anchor of a heading: its text, lower case, without punctuation, spaces as hyphens.
     */
    static String slug(String heading) {
        String text =
                LINK.matcher(heading)
                        .replaceAll(
                                match ->
                                        Matcher.quoteReplacement(
                                                match.group()
                                                        .substring(
                                                                1, match.group().indexOf("]("))));
        return text.replace("`", "")
                .replace("*", "")
                .toLowerCase(Locale.ROOT)
                .replaceAll("[^\\p{L}\\p{N}\\p{M}\\p{Pc} -]", "")
                .replace(' ', '-');
    }
}
