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

package dev.ducklake.flink.sink.internal.staging;

import java.net.URI;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.utils.SdkAutoCloseable;

/**
 * How the staging reaches object storage, read from the DuckDB secret that DuckDB itself uses for
 * the staging root, so that one secret serves DuckDB's writes and reads and the sink's listing and
 * deleting. As in DuckDB's {@code httpfs}, the candidates are the secrets of types {@code s3},
 * {@code r2}, {@code gcs} and {@code aws}, each with its {@code SCOPE} (comma-separated prefixes)
 * or its type's default scope ({@code s3://}, {@code s3a://}, {@code s3n://}; {@code r2://}; {@code
 * gs://}, {@code gcs://}); the longest scope that is a prefix of the root wins. Its {@code KEY_ID},
 * {@code SECRET} and {@code SESSION_TOKEN} are the credentials; without them (or with {@code
 * PROVIDER credential_chain}) the AWS SDK's default chain applies: environment, profile, container
 * or instance credentials. {@code REGION}, {@code ENDPOINT}, {@code USE_SSL} and {@code URL_STYLE}
 * mean what they mean to DuckDB, with its defaults per type.
 */
@Internal
record S3ClientSettings(
        @Nullable URI endpoint,
        Region region,
        boolean pathStyle,
        @Nullable Map<String, String> credentials) {

    private static final Set<String> TYPES = Set.of("s3", "r2", "gcs", "aws");
    private static final Set<String> FALSE = Set.of("false", "0", "off", "no");

    /**
     * The settings for a location, from the engine's secrets by name; fails on a secret it cannot
     * use.
     */
    static S3ClientSettings of(
            ObjectStorageLocation location, Map<String, Map<String, String>> secrets) {
        String root =
                location.prefix().isEmpty()
                        ? location.uri("")
                        : location.uri(location.prefix()) + "/";
        Map<String, String> secret =
                secrets.values().stream()
                        .map(S3ClientSettings::lowerCaseKeys)
                        .filter(
                                parameters ->
                                        TYPES.contains(
                                                parameters
                                                        .getOrDefault("type", "")
                                                        .toLowerCase(Locale.ROOT)))
                        .filter(parameters -> matchedScope(parameters, root) >= 0)
                        .max(Comparator.comparingInt(parameters -> matchedScope(parameters, root)))
                        .orElse(Map.of());
        String type = secret.getOrDefault("type", "s3").toLowerCase(Locale.ROOT);
        String endpoint =
                Optional.ofNullable(secret.get("endpoint"))
                        .orElse(
                                switch (type) {
                                    case "gcs" -> "storage.googleapis.com";
                                    case "r2" ->
                                            secret.containsKey("account_id")
                                                    ? secret.get("account_id")
                                                            + ".r2.cloudflarestorage.com"
                                                    : null;
                                    default -> null;
                                });
        boolean ssl =
                !FALSE.contains(secret.getOrDefault("use_ssl", "true").toLowerCase(Locale.ROOT));
        URI uri =
                endpoint == null || endpoint.isEmpty()
                        ? null
                        : URI.create(
                                endpoint.contains("://")
                                        ? endpoint
                                        : (ssl ? "https://" : "http://") + endpoint);
        String defaultRegion = type.equals("s3") || type.equals("aws") ? "us-east-1" : "auto";
        Region region = Region.of(secret.getOrDefault("region", defaultRegion));
        boolean pathStyle =
                "path"
                        .equalsIgnoreCase(
                                secret.getOrDefault(
                                        "url_style",
                                        type.equals("r2") || type.equals("gcs")
                                                ? "path"
                                                : "vhost"));
        boolean chain =
                "credential_chain".equalsIgnoreCase(secret.get("provider"))
                        || !secret.containsKey("key_id");
        return new S3ClientSettings(uri, region, pathStyle, chain ? null : secret);
    }

    /**
     * The length of the longest scope of a secret that is a prefix of the path; -1 when none is. A
     * secret without a {@code SCOPE} has its type's default scope.
     */
    private static int matchedScope(Map<String, String> secret, String path) {
        List<String> scopes =
                secret.containsKey("scope")
                        ? Arrays.stream(secret.get("scope").split(","))
                                .map(String::strip)
                                .filter(s -> !s.isEmpty())
                                .toList()
                        : switch (secret.get("type").toLowerCase(Locale.ROOT)) {
                            case "r2" -> List.of("r2://");
                            case "gcs" -> List.of("gs://", "gcs://");
                            default -> List.of("s3://", "s3a://", "s3n://");
                        };
        return scopes.stream().filter(path::startsWith).mapToInt(String::length).max().orElse(-1);
    }

    /**
     * A client with these settings, on the JDK's HTTP client; closing it closes its credentials
     * provider.
     */
    Client newClient() {
        AwsCredentialsProvider provider = credentialsProvider();
        try {
            var builder =
                    S3Client.builder()
                            .httpClientBuilder(UrlConnectionHttpClient.builder())
                            .region(region)
                            .forcePathStyle(pathStyle)
                            .credentialsProvider(provider);
            if (endpoint != null) {
                builder.endpointOverride(endpoint);
            }
            return new Client(builder.build(), provider);
        } catch (RuntimeException e) {
            if (provider instanceof SdkAutoCloseable closeable) {
                closeable.close();
            }
            throw e;
        }
    }

    /** An S3 client and the credentials provider it was given, which the client does not close. */
    record Client(S3Client s3, AwsCredentialsProvider provider) implements AutoCloseable {

        @Override
        public void close() {
            try (S3Client closing = s3) {
                if (provider instanceof SdkAutoCloseable closeable) {
                    closeable.close();
                }
            }
        }
    }

    private AwsCredentialsProvider credentialsProvider() {
        if (credentials == null) {
            return DefaultCredentialsProvider.builder().build();
        }
        String keyId = credentials.get("key_id");
        String secret = credentials.getOrDefault("secret", "");
        String token = credentials.get("session_token");
        return StaticCredentialsProvider.create(
                token == null
                        ? AwsBasicCredentials.create(keyId, secret)
                        : AwsSessionCredentials.create(keyId, secret, token));
    }

    private static Map<String, String> lowerCaseKeys(Map<String, String> parameters) {
        return parameters.entrySet().stream()
                .collect(
                        Collectors.toMap(
                                e -> e.getKey().toLowerCase(Locale.ROOT),
                                Map.Entry::getValue,
                                (a, b) -> b,
                                TreeMap::new));
    }

    /** Leaves the credentials out, so that a logged or failed settings object shows no secret. */
    @Override
    public String toString() {
        return "S3ClientSettings[endpoint="
                + endpoint
                + ", region="
                + region
                + ", pathStyle="
                + pathStyle
                + ", credentials="
                + (credentials == null ? "default chain" : "from the secret")
                + "]";
    }
}
