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

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Places DuckDB's official extension builds, taken from their PyPI wheels, in DuckDB's extension
 * directory layout: {@code <directory>/v<version>/<platform>/<name>.duckdb_extension}. Needs only a
 * JDK and HTTPS access to a PyPI index ({@code PIP_INDEX_URL}, else pypi.org).
 *
 * <p>Each wheel is checked against the SHA-256 its index publishes and kept in a cache
 * ({@code ~/.cache/ducklake-flink/wheels-<version>}), so a later run needs no network. Run it with
 * {@code java scripts/FetchDuckDbExtensions.java <version> <directory> <platform,...> <extension,...>};
 * the version may be {@code duckdb_jdbc}'s, whose fourth component is the driver's own patch.
 */
public final class FetchDuckDbExtensions {

    /** DuckDB's platform names and the wheel tags DuckDB publishes their builds under. */
    private static final Map<String, String> WHEEL_TAGS = Map.of(
            "linux_amd64", "manylinux2014_x86_64",
            "linux_arm64", "manylinux2014_aarch64",
            "osx_amd64", "macosx_11_0_x86_64",
            "osx_arm64", "macosx_11_0_arm64",
            "windows_amd64", "win_amd64");

    private final String version;
    private final Path cache;
    private final String index;
    private final HttpClient http = HttpClient.newBuilder()
            .followRedirects(HttpClient.Redirect.NORMAL)
            .connectTimeout(Duration.ofSeconds(30))
            .build();

    private FetchDuckDbExtensions(String version, Path cache, String index) {
        this.version = version;
        this.cache = cache;
        this.index = index.endsWith("/") ? index : index + "/";
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            System.err.println("usage: FetchDuckDbExtensions <duckdb-version> <directory> <platform,...> <extension,...>");
            System.exit(2);
        }
        String version = String.join(".", List.of(args[0].split("\\.")).subList(0, 3));
        Path directory = Path.of(args[1]);
        String cacheHome = System.getenv().getOrDefault("XDG_CACHE_HOME", System.getProperty("user.home") + "/.cache");
        String index = System.getenv().getOrDefault("PIP_INDEX_URL", "https://pypi.org/simple/");
        FetchDuckDbExtensions fetch =
                new FetchDuckDbExtensions(version, Path.of(cacheHome, "ducklake-flink", "wheels-" + version), index);
        for (String platform : args[2].split(",")) {
            for (String extension : args[3].split(",")) {
                fetch.place(extension, platform, directory.resolve("v" + version).resolve(platform));
            }
        }
    }

    private void place(String extension, String platform, Path target) throws IOException, InterruptedException {
        String tag = WHEEL_TAGS.get(platform);
        if (tag == null) {
            throw new IllegalArgumentException("No DuckDB wheels for the platform " + platform + "; known: "
                    + WHEEL_TAGS.keySet());
        }
        String wheelName = "duckdb_extension_" + extension + "-" + version + "-py3-none-" + tag + ".whl";
        String member = "duckdb_extension_" + extension + "/extensions/v" + version + "/" + extension
                + ".duckdb_extension";
        Path destination = target.resolve(fileName(extension) + ".duckdb_extension");
        Path wheel = cache.resolve(wheelName);
        if (!Files.exists(wheel)) {
            download(extension, wheelName, wheel);
        }
        try (ZipFile zip = new ZipFile(wheel.toFile())) {
            ZipEntry entry = zip.getEntry(member);
            if (entry == null) {
                throw new IOException(wheel + " holds no " + member);
            }
            if (Files.exists(destination) && Files.size(destination) == entry.getSize()) {
                return;
            }
            Files.createDirectories(target);
            Path part = Files.createTempFile(target, destination.getFileName().toString(), ".part");
            try (InputStream in = zip.getInputStream(entry); OutputStream out = Files.newOutputStream(part)) {
                in.transferTo(out);
            }
            Files.move(part, destination, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        System.out.println("Placed " + destination);
    }

    /** Downloads the wheel its index lists, checked against the index's SHA-256, into the cache. */
    private void download(String extension, String wheelName, Path wheel) throws IOException, InterruptedException {
        URI page = URI.create(index + "duckdb-extension-" + extension + "/");
        String html = get(page, HttpResponse.BodyHandlers.ofString()).body();
        Matcher link = Pattern.compile("href=\"([^\"#]*" + Pattern.quote(wheelName) + ")#sha256=([0-9a-f]{64})\"")
                .matcher(html);
        if (!link.find()) {
            throw new IOException(page + " lists no " + wheelName);
        }
        URI url = page.resolve(link.group(1));
        Files.createDirectories(cache);
        Path part = Files.createTempFile(cache, wheelName, ".part");
        try {
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            try (InputStream in = new DigestInputStream(get(url, HttpResponse.BodyHandlers.ofInputStream()).body(),
                    sha256); OutputStream out = Files.newOutputStream(part)) {
                in.transferTo(out);
            }
            String actual = HexFormat.of().formatHex(sha256.digest());
            if (!actual.equals(link.group(2))) {
                throw new IOException(url + " has SHA-256 " + actual + ", its index says " + link.group(2));
            }
            Files.move(part, wheel, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        } finally {
            Files.deleteIfExists(part);
        }
    }

    private <T> HttpResponse<T> get(URI uri, HttpResponse.BodyHandler<T> body) throws IOException, InterruptedException {
        HttpResponse<T> response = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofMinutes(5)).build(), body);
        if (response.statusCode() != 200) {
            throw new IOException("GET " + uri + " answered " + response.statusCode());
        }
        return response;
    }

    /** DuckDB loads {@code sqlite} and {@code postgres} from files named after their canonical names. */
    private static String fileName(String extension) {
        return switch (extension) {
            case "sqlite" -> "sqlite_scanner";
            case "postgres" -> "postgres_scanner";
            default -> extension;
        };
    }
}
