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

import java.util.Locale;
import java.util.Set;
import org.apache.flink.annotation.Internal;

/**
 * A staging root on object storage: the URI's scheme, bucket and key prefix (without slashes at
 * either end; empty for the bucket's root). The schemes are DuckDB's for storage that speaks the S3
 * protocol: {@code s3://}, {@code gs://} / {@code gcs://} (Google Cloud Storage's S3-compatible
 * API, with an HMAC key) and {@code r2://} (Cloudflare R2).
 */
@Internal
record ObjectStorageLocation(String scheme, String bucket, String prefix) {

    private static final Set<String> S3_PROTOCOL = Set.of("s3", "s3a", "s3n", "gs", "gcs", "r2");

    /** Whether a path names a place on remote storage rather than the local file system. */
    static boolean isRemote(String path) {
        int colon = path.indexOf("://");
        return colon > 0 && !path.substring(0, colon).equalsIgnoreCase("file");
    }

    /** Whether a path is on storage that speaks the S3 protocol, which the staging can use. */
    static boolean speaksS3(String path) {
        int colon = path.indexOf("://");
        return colon > 0 && S3_PROTOCOL.contains(path.substring(0, colon).toLowerCase(Locale.ROOT));
    }

    /** A local path without its {@code file://} scheme, if it has one. */
    static String localPath(String path) {
        return path.regionMatches(true, 0, "file://", 0, "file://".length())
                ? path.substring("file://".length())
                : path;
    }

    /**
     * The location of a root URI; fails, naming what works instead, for storage the staging cannot
     * use.
     */
    static ObjectStorageLocation parse(String root) {
        int colon = root.indexOf("://");
        String scheme = root.substring(0, colon).toLowerCase(Locale.ROOT);
        if (!S3_PROTOCOL.contains(scheme)) {
            throw new IllegalArgumentException(
                    "The staging path '"
                            + root
                            + "' is on storage the DuckLake sink"
                            + " cannot stage to: 'sink.staging-path' may be a local or mounted directory, or a URI on storage"
                            + " that speaks the S3 protocol (s3://, gs:// with an HMAC key, r2://). Stage to one of those,"
                            + " even when the lake's data path is elsewhere");
        }
        String rest = root.substring(colon + 3);
        int slash = rest.indexOf('/');
        String bucket = slash < 0 ? rest : rest.substring(0, slash);
        if (bucket.isEmpty()) {
            throw new IllegalArgumentException("The staging path '" + root + "' names no bucket");
        }
        String prefix = slash < 0 ? "" : trimSlashes(rest.substring(slash + 1));
        return new ObjectStorageLocation(scheme, bucket, prefix);
    }

    /** The key of a path relative to the root. */
    String key(String relative) {
        String trimmed = trimSlashes(relative);
        return prefix.isEmpty() ? trimmed : trimmed.isEmpty() ? prefix : prefix + "/" + trimmed;
    }

    /** The URI of a key in the bucket, as DuckDB names it. */
    String uri(String key) {
        return scheme + "://" + bucket + "/" + key;
    }

    /** Whether a URI names an object in this bucket. */
    boolean contains(String uri) {
        return uri.startsWith(scheme + "://" + bucket + "/");
    }

    /** The key of a URI in this bucket; fails for a URI elsewhere. */
    String keyOf(String uri) {
        if (!contains(uri)) {
            throw new IllegalArgumentException(uri + " is not in " + scheme + "://" + bucket + "/");
        }
        return uri.substring((scheme + "://" + bucket + "/").length());
    }

    /** The root of the bucket the URI names; the URI must be on storage that speaks S3. */
    static ObjectStorageLocation bucketOf(String uri) {
        ObjectStorageLocation location = parse(uri);
        return new ObjectStorageLocation(location.scheme, location.bucket, "");
    }

    @Override
    public String toString() {
        return uri(prefix);
    }

    private static String trimSlashes(String path) {
        int start = 0;
        int end = path.length();
        while (start < end && path.charAt(start) == '/') {
            start++;
        }
        while (end > start && path.charAt(end - 1) == '/') {
            end--;
        }
        return path.substring(start, end);
    }
}
