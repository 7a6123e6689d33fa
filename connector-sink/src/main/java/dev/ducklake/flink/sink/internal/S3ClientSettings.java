package dev.ducklake.flink.sink.internal;

import java.net.URI;
import java.util.Comparator;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
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

/**
 * How the staging reaches object storage, read from the DuckDB secret that DuckDB itself would use
 * for the staging root, so that one secret serves DuckDB's writes and reads and the sink's listing
 * and deleting: the secret of the root's type ({@code s3}, {@code gcs}, {@code r2}) whose
 * {@code SCOPE} is the longest prefix of the root, else one of that type without a scope. Its
 * {@code KEY_ID}, {@code SECRET} and {@code SESSION_TOKEN} are the credentials; without them (or
 * with {@code PROVIDER credential_chain}) the AWS SDK's default chain applies: environment, profile,
 * instance or container credentials. {@code REGION}, {@code ENDPOINT}, {@code USE_SSL} and
 * {@code URL_STYLE} mean what they mean to DuckDB.
 */
@Internal
record S3ClientSettings(@Nullable URI endpoint, Region region, boolean pathStyle,
        @Nullable Map<String, String> credentials) {

    /** The settings for a location, from the engine's secrets by name. */
    static S3ClientSettings of(ObjectStorageLocation location, Map<String, Map<String, String>> secrets) {
        String type = switch (location.scheme()) {
            case "gs", "gcs" -> "gcs";
            case "r2" -> "r2";
            default -> "s3";
        };
        String root = location.uri(location.prefix());
        Map<String, String> secret = secrets.values().stream()
                .map(S3ClientSettings::lowerCaseKeys)
                .filter(parameters -> type.equalsIgnoreCase(parameters.get("type")))
                .filter(parameters -> root.startsWith(parameters.getOrDefault("scope", "")))
                .max(Comparator.comparingInt(parameters -> parameters.getOrDefault("scope", "").length()))
                .orElse(Map.of());
        String endpoint = Optional.ofNullable(secret.get("endpoint")).orElse(switch (type) {
            case "gcs" -> "storage.googleapis.com";
            case "r2" -> secret.containsKey("account_id") ? secret.get("account_id") + ".r2.cloudflarestorage.com"
                    : null;
            default -> null;
        });
        boolean ssl = !"false".equalsIgnoreCase(secret.getOrDefault("use_ssl", "true"));
        URI uri = endpoint == null ? null : URI.create(endpoint.contains("://") ? endpoint
                : (ssl ? "https://" : "http://") + endpoint);
        Region region = Region.of(secret.getOrDefault("region", type.equals("s3") ? "us-east-1" : "auto"));
        boolean pathStyle = "path".equalsIgnoreCase(secret.get("url_style"));
        boolean chain = "credential_chain".equalsIgnoreCase(secret.get("provider")) || !secret.containsKey("key_id");
        return new S3ClientSettings(uri, region, pathStyle, chain ? null : secret);
    }

    /** A client with these settings, on the JDK's HTTP client. */
    S3Client newClient() {
        var builder = S3Client.builder()
                .httpClientBuilder(UrlConnectionHttpClient.builder())
                .region(region)
                .forcePathStyle(pathStyle)
                .credentialsProvider(credentialsProvider());
        if (endpoint != null) {
            builder.endpointOverride(endpoint);
        }
        return builder.build();
    }

    private AwsCredentialsProvider credentialsProvider() {
        if (credentials == null) {
            return DefaultCredentialsProvider.builder().build();
        }
        String keyId = credentials.get("key_id");
        String secret = credentials.getOrDefault("secret", "");
        String token = credentials.get("session_token");
        return StaticCredentialsProvider.create(token == null ? AwsBasicCredentials.create(keyId, secret)
                : AwsSessionCredentials.create(keyId, secret, token));
    }

    private static Map<String, String> lowerCaseKeys(Map<String, String> parameters) {
        return parameters.entrySet().stream().collect(Collectors.toMap(e -> e.getKey().toLowerCase(Locale.ROOT),
                Map.Entry::getValue, (a, b) -> b, TreeMap::new));
    }

    /** Leaves the credentials out, so that a logged or failed settings object shows no secret. */
    @Override
    public String toString() {
        return "S3ClientSettings[endpoint=" + endpoint + ", region=" + region + ", pathStyle=" + pathStyle
                + ", credentials=" + (credentials == null ? "default chain" : "from the secret") + "]";
    }
}
