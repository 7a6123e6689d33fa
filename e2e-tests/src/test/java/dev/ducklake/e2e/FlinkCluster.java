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

package dev.ducklake.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ducklake.engine.testutils.CommandRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A standalone Flink cluster from Flink's official distribution: one JobManager and TaskManagers,
 * each a process of its own started with the distribution's scripts, with the connector's SQL jar
 * in {@code lib/}. Jobs are submitted with the distribution's SQL client and {@code flink run}, and
 * watched through the REST API.
 */
final class FlinkCluster implements AutoCloseable {

    private static final Duration STARTUP = Duration.ofMinutes(2);
    private static final Pattern SQL_JOB_ID = Pattern.compile("Job ID: ([0-9a-f]{32})");
    private static final Pattern RUN_JOB_ID = Pattern.compile("JobID ([0-9a-f]{32})");

    private final String version;
    private final Path home;
    private final Path work;
    private final int restPort;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final ObjectMapper json = new ObjectMapper();

    /**
     * The running TaskManagers by their resource id, which the REST API reports as {@code
     * taskmanager-id}.
     */
    private final Map<String, Process> taskManagers = new java.util.LinkedHashMap<>();

    private final Map<String, String> environment = new java.util.HashMap<>();
    private Process jobManager;
    private int started;

    /** Kills the processes if the test's JVM ends without closing the cluster. */
    private final Thread shutdownHook = new Thread(this::killAll, "flink-cluster-shutdown");

    private FlinkCluster(String version, Path home, Path work, int restPort) {
        this.version = version;
        this.home = home;
        this.work = work;
        this.restPort = restPort;
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /**
     * A cluster of the given Flink version under {@code work}: a home whose {@code lib/} holds the
     * distribution's jars and the connector's, and a configuration with the given settings on top
     * of the distribution's. Nothing is started yet.
     */
    static FlinkCluster create(String version, Path work, Map<String, String> settings)
            throws IOException {
        Path distribution = FlinkDistributions.install(version);
        Path home = work.resolve("flink-" + version);
        Files.createDirectories(home.resolve("conf"));
        Files.createDirectories(work.resolve("home"));
        // The scripts find the home from their own physical location: bin/ is copied, not linked.
        Files.createDirectories(home.resolve("bin"));
        try (Stream<Path> scripts = Files.list(distribution.resolve("bin"))) {
            for (Path script : scripts.toList()) {
                Files.copy(
                        script,
                        home.resolve("bin").resolve(script.getFileName()),
                        java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
        Files.createSymbolicLink(home.resolve("plugins"), distribution.resolve("plugins"));
        for (String jars : List.of("lib", "opt")) {
            Files.createDirectories(home.resolve(jars));
            try (Stream<Path> files = Files.list(distribution.resolve(jars))) {
                for (Path jar : files.toList()) {
                    Files.createSymbolicLink(home.resolve(jars).resolve(jar.getFileName()), jar);
                }
            }
        }
        Path connector = Path.of(System.getProperty("connector.jar"));
        Files.createSymbolicLink(home.resolve("lib").resolve(connector.getFileName()), connector);
        try (Stream<Path> files = Files.list(distribution.resolve("conf"))) {
            for (Path file : files.toList()) {
                if (!file.getFileName().toString().equals("config.yaml")) {
                    Files.copy(file, home.resolve("conf").resolve(file.getFileName()));
                }
            }
        }
        int restPort = freePort();
        StringBuilder config = new StringBuilder();
        // The distribution's JVM options (its --add-opens, which Arrow needs) on one line.
        for (String line : Files.readAllLines(distribution.resolve("conf/config.yaml"))) {
            if (line.strip().startsWith("all: --add-exports")) {
                config.append("env.java.opts.all: ")
                        .append(line.strip().substring("all: ".length()))
                        .append('\n');
            }
        }
        Map<String, String> defaults = new java.util.LinkedHashMap<>();
        defaults.put("jobmanager.rpc.address", "localhost");
        defaults.put("jobmanager.rpc.port", Integer.toString(freePort()));
        defaults.put("jobmanager.bind-host", "localhost");
        defaults.put("jobmanager.memory.process.size", "1024m");
        defaults.put("taskmanager.bind-host", "localhost");
        defaults.put("taskmanager.host", "localhost");
        defaults.put("taskmanager.numberOfTaskSlots", "2");
        defaults.put("taskmanager.memory.process.size", "1536m");
        defaults.put("rest.address", "localhost");
        defaults.put("rest.bind-address", "localhost");
        defaults.put("rest.port", Integer.toString(restPort));
        defaults.put("parallelism.default", "1");
        defaults.put("execution.checkpointing.dir", work.resolve("checkpoints").toUri().toString());
        defaults.putAll(settings);
        defaults.forEach(
                (key, value) -> config.append(key).append(": ").append(value).append('\n'));
        Files.writeString(home.resolve("conf/config.yaml"), config.toString());
        return new FlinkCluster(version, home, work, restPort);
    }

    String version() {
        return version;
    }

    /** Environment variables for every process the cluster starts from now on (and its clients). */
    FlinkCluster withEnvironment(Map<String, String> variables) {
        environment.putAll(variables);
        return this;
    }

    /**
     * Starts the JobManager and {@code taskManagers} TaskManagers; waits until the slots are
     * registered.
     */
    void start(int taskManagers) throws Exception {
        jobManager =
                launch(
                        "jobmanager",
                        home.resolve("bin/jobmanager.sh").toString(),
                        "start-foreground");
        awaitRest();
        for (int i = 0; i < taskManagers; i++) {
            startTaskManager();
        }
        awaitTaskManagers(taskManagers);
    }

    /** Starts one more TaskManager process. */
    void startTaskManager() throws IOException {
        String id = "taskmanager-" + started++;
        taskManagers.put(
                id,
                launch(
                        id,
                        home.resolve("bin/taskmanager.sh").toString(),
                        "start-foreground",
                        "-Dtaskmanager.resource-id=" + id));
    }

    /**
     * SIGKILLs a TaskManager that runs tasks of the job, as a lost machine does, and returns its
     * id. With slots free on several TaskManagers, Flink may place all of a job's tasks on any one
     * of them.
     */
    String killTaskManagerOf(String job) throws Exception {
        List<String> running = new ArrayList<>();
        for (JsonNode vertex : get("/jobs/" + job).path("vertices")) {
            for (JsonNode taskManager :
                    get("/jobs/"
                                    + job
                                    + "/vertices/"
                                    + vertex.path("id").asText()
                                    + "/taskmanagers")
                            .path("taskmanagers")) {
                running.add(taskManager.path("taskmanager-id").asText());
            }
        }
        String victim =
                running.stream()
                        .filter(taskManagers::containsKey)
                        .findFirst()
                        .orElseThrow(
                                () ->
                                        new AssertionError(
                                                "Job "
                                                        + job
                                                        + " runs on no TaskManager of "
                                                        + taskManagers.keySet()
                                                        + " but on "
                                                        + running));
        taskManagers.remove(victim).destroyForcibly().waitFor();
        return victim;
    }

    /** Waits until the given number of TaskManagers is registered with the JobManager. */
    void awaitTaskManagers(int count) throws Exception {
        await(
                () -> get("/taskmanagers").path("taskmanagers").size() == count,
                STARTUP,
                count + " TaskManagers registered");
    }

    /**
     * Runs a SQL script with the distribution's SQL client; returns the ids of the jobs it
     * submitted.
     */
    List<String> sql(Path script) throws Exception {
        String output = sqlOutput(script);
        List<String> jobs = new ArrayList<>();
        Matcher matcher = SQL_JOB_ID.matcher(output);
        while (matcher.find()) {
            jobs.add(matcher.group(1));
        }
        return jobs;
    }

    /** Runs a SQL script with the distribution's SQL client; returns what it printed. */
    String sqlOutput(Path script) throws Exception {
        return sqlClient(script, true);
    }

    /**
     * Runs a SQL script that must fail in the distribution's SQL client; returns what it printed.
     */
    String sqlFailure(Path script) throws Exception {
        return sqlClient(script, false);
    }

    /** Runs a SQL script with the SQL client, which must succeed or fail as given. */
    private String sqlClient(Path script, boolean mustSucceed) throws Exception {
        String output =
                run(
                        Duration.ofMinutes(5),
                        mustSucceed,
                        home.resolve("bin/sql-client.sh").toString(),
                        "-f",
                        script.toString());
        if (output.contains("[ERROR]") == mustSucceed) {
            throw new AssertionError(
                    (mustSucceed ? "The SQL client failed:\n" : "The SQL client did not fail:\n")
                            + output);
        }
        return output;
    }

    /** Submits a job jar with {@code flink run -d}; returns its job id. */
    String submit(Path jar, String mainClass, String... arguments) throws Exception {
        return submit(jar, mainClass, arguments, List.of());
    }

    /**
     * Submits a job jar with {@code flink run -d} and the given options of {@code flink run};
     * returns its job id.
     */
    String submit(Path jar, String mainClass, String[] arguments, List<String> runOptions)
            throws Exception {
        List<String> command =
                new ArrayList<>(List.of(home.resolve("bin/flink").toString(), "run", "-d"));
        command.addAll(runOptions);
        command.addAll(List.of("-c", mainClass, jar.toString()));
        command.addAll(List.of(arguments));
        String output = run(Duration.ofMinutes(5), true, command.toArray(String[]::new));
        Matcher matcher = RUN_JOB_ID.matcher(output);
        if (!matcher.find()) {
            throw new AssertionError("flink run printed no job id:\n" + output);
        }
        return matcher.group(1);
    }

    /** The job's state as the REST API gives it ({@code RUNNING}, {@code FINISHED}, ...). */
    String state(String job) throws IOException, InterruptedException {
        return get("/jobs/" + job).path("state").asText();
    }

    /**
     * Waits until the job is finished; fails at once if it failed or was cancelled, and after the
     * timeout with what the job was doing (see {@link #progress}).
     */
    void awaitFinished(String job, Duration timeout) throws Exception {
        try {
            await(
                    () -> {
                        String state = state(job);
                        if (state.equals("FAILED") || state.equals("CANCELED")) {
                            throw new AssertionError(
                                    "Job "
                                            + job
                                            + " ended "
                                            + state
                                            + ": "
                                            + get("/jobs/" + job + "/exceptions"));
                        }
                        return state.equals("FINISHED");
                    },
                    timeout,
                    "job " + job + " finished");
        } catch (AssertionError timedOut) {
            throw new AssertionError(timedOut.getMessage() + "; " + progress(job), timedOut);
        }
    }

    /**
     * The job's state, restarts, checkpoints (with the last failed one's reason), the tasks not
     * finished and its latest failure, in one line for a test's failure message.
     */
    String progress(String job) throws IOException, InterruptedException {
        JsonNode overview = get("/jobs/" + job);
        List<String> unfinished = new ArrayList<>();
        for (JsonNode vertex : overview.path("vertices")) {
            if (!vertex.path("status").asText().equals("FINISHED")) {
                unfinished.add(
                        vertex.path("name").asText()
                                + " "
                                + vertex.path("status").asText()
                                + " "
                                + vertex.path("tasks"));
            }
        }
        JsonNode checkpoints = get("/jobs/" + job + "/checkpoints");
        JsonNode history =
                get("/jobs/" + job + "/exceptions").path("exceptionHistory").path("entries");
        String latestFailure =
                history.isEmpty() ? "none" : causes(history.get(0).path("stacktrace").asText());
        return "job "
                + job
                + " is "
                + overview.path("state").asText()
                + " after "
                + restarts(job)
                + " restarts, "
                + checkpoints.path("counts").path("completed").asLong()
                + " checkpoints completed, "
                + checkpoints.path("counts").path("failed").asLong()
                + " failed (last: "
                + firstLine(
                        checkpoints
                                .path("latest")
                                .path("failed")
                                .path("failure_message")
                                .asText("none"))
                + "); tasks not finished: "
                + unfinished
                + "; latest failure: "
                + latestFailure;
    }

    /** The first line of a stack trace and its last cause. */
    private static String causes(String stackTrace) {
        int root = stackTrace.lastIndexOf("Caused by: ");
        return firstLine(stackTrace)
                + (root < 0 ? "" : " ... " + firstLine(stackTrace.substring(root)));
    }

    private static String firstLine(String text) {
        int end = text.indexOf('\n');
        return end < 0 ? text : text.substring(0, end);
    }

    /** Cancels a job and waits until it is cancelled. */
    void cancel(String job) throws Exception {
        send(
                HttpRequest.newBuilder(uri("/jobs/" + job + "?mode=cancel"))
                        .method("PATCH", HttpRequest.BodyPublishers.noBody())
                        .build());
        await(
                () -> state(job).equals("CANCELED"),
                Duration.ofMinutes(1),
                "job " + job + " cancelled");
    }

    /**
     * Stops the job with a savepoint under {@code directory} (Flink's {@code stop} command, as
     * {@code flink stop --savepointPath} does) and returns the savepoint's path.
     */
    String stopWithSavepoint(String job, Path directory) throws Exception {
        String body = "{\"targetDirectory\": \"" + directory.toUri() + "\", \"drain\": false}";
        String trigger =
                json.readTree(
                                send(
                                        HttpRequest.newBuilder(uri("/jobs/" + job + "/stop"))
                                                .header("Content-Type", "application/json")
                                                .POST(HttpRequest.BodyPublishers.ofString(body))
                                                .build()))
                        .path("request-id")
                        .asText();
        String[] location = new String[1];
        await(
                () -> {
                    JsonNode status = get("/jobs/" + job + "/savepoints/" + trigger);
                    if (!status.path("status").path("id").asText().equals("COMPLETED")) {
                        return false;
                    }
                    JsonNode operation = status.path("operation");
                    if (operation.has("failure-cause")) {
                        throw new AssertionError(
                                "The savepoint of "
                                        + job
                                        + " failed: "
                                        + operation.path("failure-cause"));
                    }
                    location[0] = operation.path("location").asText();
                    return true;
                },
                Duration.ofMinutes(2),
                "the savepoint of job " + job);
        await(
                () -> state(job).equals("FINISHED"),
                Duration.ofMinutes(1),
                "job " + job + " stopped");
        return location[0];
    }

    /**
     * The savepoint or checkpoint the job last restored from; empty when it started without state.
     */
    String restoredFrom(String job) throws IOException, InterruptedException {
        return get("/jobs/" + job + "/checkpoints")
                .path("latest")
                .path("restored")
                .path("external_path")
                .asText("");
    }

    /**
     * Replaces the connector's jar in {@code lib/} by another file, as an upgrade does; takes
     * effect when the processes start again.
     */
    void replaceConnectorJar(Path jar) throws IOException {
        try (Stream<Path> files = Files.list(home.resolve("lib"))) {
            for (Path file :
                    files.filter(
                                    f ->
                                            f.getFileName()
                                                    .toString()
                                                    .startsWith("flink-sql-connector-ducklake"))
                            .toList()) {
                Files.delete(file);
            }
        }
        Files.createSymbolicLink(home.resolve("lib").resolve(jar.getFileName()), jar);
    }

    /** Completed checkpoints of the job. */
    long completedCheckpoints(String job) throws IOException, InterruptedException {
        return get("/jobs/" + job + "/checkpoints").path("counts").path("completed").asLong();
    }

    /** Restarts of the job. */
    long restarts(String job) throws IOException, InterruptedException {
        for (JsonNode metric : get("/jobs/" + job + "/metrics?get=numRestarts")) {
            return metric.path("value").asLong();
        }
        return 0;
    }

    /**
     * The sum over the running job's subtasks of an operator metric named {@code name} (a counter).
     */
    double operatorMetricSum(String job, String name) throws IOException, InterruptedException {
        return operatorMetricValues(job, name).stream().mapToDouble(Double::doubleValue).sum();
    }

    /**
     * The highest value over the running job's subtasks of an operator metric named {@code name};
     * NaN when none has one. Histograms appear as {@code <name>_median}, {@code <name>_p99} and so
     * on.
     */
    double operatorMetricMax(String job, String name) throws IOException, InterruptedException {
        return operatorMetricValues(job, name).stream()
                .mapToDouble(Double::doubleValue)
                .max()
                .orElse(Double.NaN);
    }

    /**
     * The values of an operator metric per subtask, leaving out those that are not numbers (an
     * empty histogram).
     */
    private List<Double> operatorMetricValues(String job, String name)
            throws IOException, InterruptedException {
        List<Double> values = new ArrayList<>();
        for (JsonNode vertex : get("/jobs/" + job).path("vertices")) {
            String base = "/jobs/" + job + "/vertices/" + vertex.path("id").asText() + "/subtasks/";
            for (int subtask = 0; subtask < vertex.path("parallelism").asInt(); subtask++) {
                String path = base + subtask + "/metrics";
                for (JsonNode metric : get(path)) {
                    String id = metric.path("id").asText();
                    if (id.endsWith("." + name) || id.equals(name)) {
                        for (JsonNode value : get(path + "?get=" + id)) {
                            double v = value.path("value").asDouble(Double.NaN);
                            if (!Double.isNaN(v)) {
                                values.add(v);
                            }
                        }
                    }
                }
            }
        }
        return values;
    }

    /** How long the job ran, start to end (or to now). */
    Duration duration(String job) throws IOException, InterruptedException {
        return Duration.ofMillis(get("/jobs/" + job).path("duration").asLong());
    }

    JsonNode get(String path) throws IOException, InterruptedException {
        return json.readTree(send(HttpRequest.newBuilder(uri(path)).GET().build()));
    }

    /** Stops every process of the cluster (SIGKILL); {@link #start} starts them again. */
    void stop() throws InterruptedException {
        for (Process taskManager : taskManagers.values()) {
            taskManager.destroyForcibly().waitFor();
        }
        taskManagers.clear();
        if (jobManager != null) {
            jobManager.destroyForcibly().waitFor();
            jobManager = null;
        }
    }

    @Override
    public void close() throws InterruptedException {
        stop();
        Runtime.getRuntime().removeShutdownHook(shutdownHook);
    }

    private void killAll() {
        taskManagers.values().forEach(Process::destroyForcibly);
        if (jobManager != null) {
            jobManager.destroyForcibly();
        }
    }

    /** The ends of the processes' logs, for a failure message. */
    String logs() {
        try {
            return logTails();
        } catch (IOException | RuntimeException e) {
            return "(the logs under " + work.resolve("log") + " could not be read: " + e + ")";
        }
    }

    private String logTails() throws IOException {
        StringBuilder out = new StringBuilder();
        try (Stream<Path> logs = Files.list(work.resolve("log"))) {
            for (Path log : logs.sorted().toList()) {
                List<String> lines = Files.readAllLines(log);
                out.append("== ").append(log).append('\n');
                lines.subList(Math.max(0, lines.size() - 80), lines.size())
                        .forEach(l -> out.append(l).append('\n'));
            }
        }
        return out.toString();
    }

    private Process launch(String name, String... command) throws IOException {
        Files.createDirectories(work.resolve("log"));
        ProcessBuilder builder =
                new ProcessBuilder(command)
                        .directory(work.toFile())
                        .redirectErrorStream(true)
                        .redirectOutput(
                                ProcessBuilder.Redirect.appendTo(
                                        work.resolve("log").resolve(name + ".out").toFile()));
        environment(builder);
        return builder.start();
    }

    /**
     * Runs a client command to its end; fails when it does not end in time, or exits non-zero where
     * it must not.
     */
    private String run(Duration timeout, boolean mustSucceed, String... command) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).directory(work.toFile());
        environment(builder);
        return mustSucceed
                ? CommandRun.runToSuccess(builder, timeout)
                : CommandRun.run(builder, timeout).output();
    }

    private void environment(ProcessBuilder builder) {
        Map<String, String> env = builder.environment();
        env.put("FLINK_CONF_DIR", home.resolve("conf").toString());
        env.put("FLINK_LOG_DIR", work.resolve("log").toString());
        env.put("FLINK_PID_DIR", work.toString());
        env.put("JAVA_HOME", System.getProperty("java.home"));
        // A host where no DuckDB extension is installed (DuckDB looks in $HOME/.duckdb/extensions):
        // the connector's jar in lib/ is all the cluster and its clients have.
        env.put("HOME", work.resolve("home").toString());
        env.remove("FLINK_HOME");
        env.putAll(environment);
    }

    private void awaitRest() throws Exception {
        await(
                () -> {
                    try {
                        get("/overview");
                        return true;
                    } catch (IOException notYet) {
                        if (!jobManager.isAlive()) {
                            throw new AssertionError("The JobManager exited:\n" + logs());
                        }
                        return false;
                    }
                },
                STARTUP,
                "the JobManager's REST API");
    }

    private String send(HttpRequest request) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() / 100 != 2) {
            throw new IOException(
                    request.method()
                            + " "
                            + request.uri()
                            + ": "
                            + response.statusCode()
                            + " "
                            + response.body());
        }
        return response.body();
    }

    private URI uri(String path) {
        return URI.create("http://localhost:" + restPort + path);
    }

    /** A condition that may throw, for {@link #await}. */
    interface Condition {
        boolean holds() throws Exception;
    }

    /** Polls a condition until it holds; fails after the deadline, naming what it waited for. */
    static void await(Condition condition, Duration timeout, String what) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.holds()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("Timed out after " + timeout + " waiting for " + what);
            }
            Thread.sleep(200); // polling: the cluster has no event to wait on
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
