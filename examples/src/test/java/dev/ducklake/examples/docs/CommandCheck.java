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
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks, without running it, that a documented command line names what exists in the repository:
 * the scripts it calls are there and executable, and each {@code mvn} call's {@code -pl} modules,
 * its {@code exec} main classes and its {@code -Dtest} classes exist.
 */
final class CommandCheck {

    private static final Pattern SEPARATORS = Pattern.compile("&&|\\|\\||;|\\|");
    private static final Pattern TOKEN = Pattern.compile("\"([^\"]*)\"|'([^']*)'|(\\S+)");
    private static final Pattern DEFAULT_MAIN_CLASS =
            Pattern.compile("<exec\\.mainClass>([^<]+)</exec\\.mainClass>");

    private final Path root;
    private final String rootPom;

    CommandCheck(Path root) throws IOException {
        this.root = root;
        this.rootPom = Files.readString(root.resolve("pom.xml"));
    }

    /** What the command line names that does not exist; empty when everything does. */
    List<String> problems(String commandLine) throws IOException {
        List<String> problems = new ArrayList<>();
        for (String command : SEPARATORS.split(commandLine)) {
            List<String> tokens = tokens(command);
            if (tokens.isEmpty()) {
                continue;
            }
            String program = tokens.get(0);
            if (program.equals("mvn")) {
                checkMaven(tokens, problems);
            } else if (program.startsWith("scripts/") || program.startsWith(".ci/")) {
                checkScript(tokens, problems);
            }
        }
        return problems;
    }

    private void checkMaven(List<String> tokens, List<String> problems) throws IOException {
        List<String> modules = new ArrayList<>();
        for (int i = 1; i < tokens.size(); i++) {
            if ((tokens.get(i).equals("-pl") || tokens.get(i).equals("--projects"))
                    && i + 1 < tokens.size()) {
                modules.addAll(Arrays.asList(tokens.get(++i).split(",")));
            }
        }
        for (String module : modules) {
            if (!rootPom.contains("<module>" + module + "</module>")
                    || !Files.isRegularFile(pom(module))) {
                problems.add("no module '" + module + "' in the root pom.xml");
            }
        }
        Optional<String> mainClass = property(tokens, "exec.mainClass");
        mainClass.ifPresent(name -> requireClass(name, modules, "main", problems));
        for (String property : List.of("test", "it.test")) {
            property(tokens, property)
                    .ifPresent(
                            names ->
                                    Arrays.stream(names.split(","))
                                            .filter(name -> name.matches("[\\w.]+"))
                                            .forEach(
                                                    name ->
                                                            requireClass(
                                                                    name, modules, "test",
                                                                    problems)));
        }
        if (tokens.contains("exec:exec") || tokens.contains("exec:java")) {
            for (String module : modules) {
                checkExecModule(module, mainClass.isPresent(), problems);
            }
        }
    }

    /** A module run with exec configures the exec plugin, and its default main class exists. */
    private void checkExecModule(String module, boolean mainClassGiven, List<String> problems)
            throws IOException {
        if (!Files.isRegularFile(pom(module))) {
            return;
        }
        String pom = Files.readString(pom(module));
        if (!pom.contains("exec-maven-plugin")) {
            problems.add("module '" + module + "' does not configure exec-maven-plugin");
        }
        Matcher defaultMain = DEFAULT_MAIN_CLASS.matcher(pom);
        if (!mainClassGiven) {
            if (defaultMain.find()) {
                requireClass(defaultMain.group(1), List.of(module), "main", problems);
            } else {
                problems.add(
                        "module '"
                                + module
                                + "' has no default exec.mainClass and the command gives none");
            }
        }
    }

    private void requireClass(
            String name, List<String> modules, String sourceSet, List<String> problems) {
        String file = name.contains(".") ? name.replace('.', '/') + ".java" : name + ".java";
        List<Path> searched =
                modules.isEmpty() ? allModules() : modules.stream().map(root::resolve).toList();
        boolean found =
                searched.stream()
                        .map(module -> module.resolve("src").resolve(sourceSet).resolve("java"))
                        .anyMatch(
                                sources ->
                                        name.contains(".")
                                                ? Files.isRegularFile(sources.resolve(file))
                                                : containsFileNamed(sources, file));
        if (!found) {
            problems.add(
                    "no "
                            + sourceSet
                            + " class '"
                            + name
                            + "' in "
                            + (modules.isEmpty() ? "any module" : modules));
        }
    }

    private void checkScript(List<String> tokens, List<String> problems) {
        Path script = root.resolve(tokens.get(0));
        if (!Files.isRegularFile(script) || !Files.isExecutable(script)) {
            problems.add("no executable script '" + tokens.get(0) + "'");
        }
        tokens.stream()
                .skip(1)
                .filter(
                        arg ->
                                arg.contains("/")
                                        && !arg.startsWith("-")
                                        && !arg.startsWith("/")
                                        && !arg.contains("$")
                                        && !arg.contains("<"))
                .filter(arg -> !Files.exists(root.resolve(arg)))
                .forEach(
                        arg ->
                                problems.add(
                                        "'"
                                                + tokens.get(0)
                                                + "' is given '"
                                                + arg
                                                + "', which does not exist"));
    }

    private Path pom(String module) {
        return root.resolve(module).resolve("pom.xml");
    }

    private List<Path> allModules() {
        Matcher module = Pattern.compile("<module>([^<]+)</module>").matcher(rootPom);
        List<Path> modules = new ArrayList<>();
        while (module.find()) {
            modules.add(root.resolve(module.group(1)));
        }
        return modules;
    }

    private static boolean containsFileNamed(Path directory, String fileName) {
        if (!Files.isDirectory(directory)) {
            return false;
        }
        try (var files = Files.walk(directory)) {
            return files.anyMatch(file -> file.getFileName().toString().equals(fileName));
        } catch (IOException e) {
            throw new IllegalStateException("Could not list " + directory, e);
        }
    }

    private static Optional<String> property(List<String> tokens, String name) {
        String prefix = "-D" + name + "=";
        return tokens.stream()
                .filter(token -> token.startsWith(prefix))
                .map(token -> token.substring(prefix.length()))
                .findFirst();
    }

    private static List<String> tokens(String command) {
        List<String> tokens = new ArrayList<>();
        Matcher token = TOKEN.matcher(command);
        while (token.find()) {
            tokens.add(
                    token.group(1) != null
                            ? token.group(1)
                            : token.group(2) != null ? token.group(2) : token.group(3));
        }
        return tokens;
    }
}
