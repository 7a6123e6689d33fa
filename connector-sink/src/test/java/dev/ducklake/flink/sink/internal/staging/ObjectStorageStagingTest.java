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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.schema.TableName;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.regions.Region;

/**
 * Where staging on object storage goes and how it reaches the store, from the engine's DuckDB
 * secrets.
 */
class ObjectStorageStagingTest {

    private static final CatalogLocation POSTGRES = CatalogLocation.postgres("host=db dbname=lake");

    @Test
    void theDefaultStagingIsBesideARemoteDataPathAndNoneAtABucketsRoot() {
        assertThat(StagingDirectory.defaultRoot(POSTGRES, "s3://bucket/lake/data/"))
                .contains("s3://bucket/lake/data.flink-staging");
        assertThat(StagingDirectory.defaultRoot(POSTGRES, "s3://bucket/")).isEmpty();
        assertThat(StagingDirectory.defaultRoot(POSTGRES, null)).isEmpty();
    }

    @Test
    void aDataPathTheStagingCannotSitBesideFallsBackToTheCatalogFile(@TempDir Path dir) {
        CatalogLocation file = CatalogLocation.duckDbFile(dir.resolve("metadata.ducklake"));
        String besideCatalog = dir.resolve("metadata.ducklake.flink-staging").toString();
        assertThat(StagingDirectory.defaultRoot(file, "s3://bucket/")).contains(besideCatalog);
        assertThat(StagingDirectory.defaultRoot(file, "az://container/lake/"))
                .contains(besideCatalog);
        assertThat(StagingDirectory.defaultRoot(POSTGRES, "az://container/lake/")).isEmpty();
        assertThat(StagingDirectory.defaultRoot(file, "file://" + dir.resolve("data") + "/"))
                .contains(dir.resolve("data.flink-staging").toString());
    }

    @Test
    void aCommitterChecksAndDeletesStagedFilesWhereverAnEarlierStagingPathPutThem(@TempDir Path dir)
            throws Exception {
        Path old =
                Files.createDirectories(dir.resolve("old-staging/sink/0"))
                        .resolve("3-000000000000-a.parquet");
        Files.writeString(old, "staged");
        try (StagedFiles files =
                new StagedFiles(
                        StagingStore.open(dir.resolve("staging").toString(), Map.of()), Map.of())) {
            assertThat(files.exists(old.toString())).isTrue();
            files.delete(List.of(old.toString()));
            assertThat(files.exists(old.toString())).isFalse();
        }
    }

    @Test
    void stagingInsideARemoteDataPathIsRefusedAndBesideItIsNot() {
        TableName table = TableName.of("orders");
        assertThatThrownBy(
                        () ->
                                StagingDirectory.requireOutsideDataPaths(
                                        "s3://bucket/lake/data/staging",
                                        List.of("s3://bucket/lake/data/"),
                                        table))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("s3://bucket/lake/data/staging")
                .hasMessageContaining("main.orders");
        StagingDirectory.requireOutsideDataPaths(
                "s3://bucket/lake/data.flink-staging", List.of("s3://bucket/lake/data/"), table);
        StagingDirectory.requireOutsideDataPaths(
                "s3://bucket/lake/data-staging", List.of("s3://bucket/lake/data"), table);
    }

    @Test
    void storageThatDoesNotSpeakS3IsRefusedNamingWhatWorks() {
        assertThatThrownBy(() -> ObjectStorageLocation.parse("az://container/staging"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("az://container/staging")
                .hasMessageContaining("s3://");
        assertThat(ObjectStorageLocation.isRemote("file:///tmp/staging")).isFalse();
        assertThat(ObjectStorageLocation.isRemote("/tmp/staging")).isFalse();
    }

    @Test
    void locationsMapBetweenUrisAndKeys() {
        ObjectStorageLocation location = ObjectStorageLocation.parse("s3://bucket/lake/staging/");
        assertThat(location.prefix()).isEqualTo("lake/staging");
        assertThat(location.uri(location.key("sink/0/1-a.parquet")))
                .isEqualTo("s3://bucket/lake/staging/sink/0/1-a.parquet");
        assertThat(location.keyOf("s3://bucket/lake/staging/sink/0/1-a.parquet"))
                .isEqualTo("lake/staging/sink/0/1-a.parquet");
        assertThat(ObjectStorageLocation.parse("s3://bucket").key("x")).isEqualTo("x");
    }

    @Test
    void theSecretDuckDbWouldUseForTheRootGivesTheClientItsSettings() {
        Map<String, Map<String, String>> secrets =
                Map.of(
                        "wide",
                                Map.of(
                                        "TYPE",
                                        "s3",
                                        "KEY_ID",
                                        "wide-key",
                                        "SECRET",
                                        "w",
                                        "REGION",
                                        "eu-west-1"),
                        "narrow",
                                Map.of(
                                        "type",
                                        "s3",
                                        "key_id",
                                        "narrow-key",
                                        "secret",
                                        "n",
                                        "scope",
                                        "s3://bucket/lake",
                                        "endpoint",
                                        "127.0.0.1:9000",
                                        "use_ssl",
                                        "false",
                                        "url_style",
                                        "path"),
                        "elsewhere",
                                Map.of(
                                        "type",
                                        "s3",
                                        "key_id",
                                        "other",
                                        "secret",
                                        "o",
                                        "scope",
                                        "s3://other"),
                        "google", Map.of("type", "gcs", "key_id", "hmac", "secret", "g"));

        S3ClientSettings scoped = settings("s3://bucket/lake/staging", secrets);
        assertThat(scoped.endpoint()).isEqualTo(URI.create("http://127.0.0.1:9000"));
        assertThat(scoped.pathStyle()).isTrue();
        assertThat(scoped.credentials()).containsEntry("key_id", "narrow-key");

        S3ClientSettings unscoped = settings("s3://bucket/other", secrets);
        assertThat(unscoped.credentials()).containsEntry("key_id", "wide-key");
        assertThat(unscoped.region()).isEqualTo(Region.EU_WEST_1);
        assertThat(unscoped.endpoint()).isNull();
        assertThat(unscoped.toString()).doesNotContain("wide-key").doesNotContain("w,");

        S3ClientSettings gcs = settings("gs://bucket/staging", secrets);
        assertThat(gcs.endpoint()).isEqualTo(URI.create("https://storage.googleapis.com"));
        assertThat(gcs.credentials()).containsEntry("key_id", "hmac");

        assertThat(settings("s3://bucket/x", Map.of()).credentials())
                .as("no secret: the SDK's default credentials chain")
                .isNull();
    }

    @Test
    void secretsAreMatchedAsDuckDbMatchesThem() {
        Map<String, Map<String, String>> secrets =
                Map.of(
                        "slashed",
                                Map.of(
                                        "type",
                                        "s3",
                                        "key_id",
                                        "slashed",
                                        "secret",
                                        "s",
                                        "scope",
                                        "s3://bucket/staging/"),
                        "aws",
                                Map.of(
                                        "type",
                                        "aws",
                                        "key_id",
                                        "aws",
                                        "secret",
                                        "a",
                                        "scope",
                                        "s3://bucket/"),
                        "r2",
                                Map.of(
                                        "type",
                                        "r2",
                                        "key_id",
                                        "r2",
                                        "secret",
                                        "r",
                                        "account_id",
                                        "acc",
                                        "use_ssl",
                                        "off"));
        assertThat(settings("s3://bucket/staging", secrets).credentials())
                .as("a scope with a trailing slash covers the root's files")
                .containsEntry("key_id", "slashed");
        assertThat(settings("s3://bucket/other", secrets).credentials())
                .as("a secret of type aws serves s3:// paths")
                .containsEntry("key_id", "aws");
        S3ClientSettings r2 = settings("r2://bucket/staging", secrets);
        assertThat(r2.endpoint()).isEqualTo(URI.create("http://acc.r2.cloudflarestorage.com"));
        assertThat(r2.pathStyle()).isTrue();
        assertThatThrownBy(
                        () ->
                                ObjectStagingStore.open(
                                        ObjectStorageLocation.parse("s3://bucket/staging"),
                                        Map.of("bad", Map.of("type", "s3", "region", ""))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("s3://bucket/staging");
    }

    /** The client settings of a staging root under the secrets given. */
    private static S3ClientSettings settings(
            String root, Map<String, Map<String, String>> secrets) {
        return S3ClientSettings.of(ObjectStorageLocation.parse(root), secrets);
    }
}
