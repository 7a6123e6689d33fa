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

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.flink.annotation.Internal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.model.CommonPrefix;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * A staging root on object storage, through the S3 protocol. Directories do not exist there:
 * nothing is created, and a directory's listing is of the keys under its prefix, split at the next
 * slash.
 */
@Internal
final class ObjectStagingStore implements StagingStore {

    private static final Logger LOG = LoggerFactory.getLogger(ObjectStagingStore.class);

    private final ObjectStorageLocation location;
    private final S3ClientSettings.Client client;

    private ObjectStagingStore(ObjectStorageLocation location, S3ClientSettings.Client client) {
        this.location = location;
        this.client = client;
    }

    static ObjectStagingStore open(
            ObjectStorageLocation location, Map<String, Map<String, String>> secrets) {
        S3ClientSettings settings;
        try {
            settings = S3ClientSettings.of(location, secrets);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "The DuckDB secret for the staging path "
                            + location
                            + " is not usable: "
                            + e.getMessage(),
                    e);
        }
        try {
            return new ObjectStagingStore(location, settings.newClient());
        } catch (SdkException e) {
            throw StagingStore.failure(
                    "Could not set up access to the staging path " + location + " with " + settings,
                    e);
        }
    }

    @Override
    public String root() {
        return location.toString();
    }

    @Override
    public String resolve(String relative) {
        return location.uri(location.key(relative));
    }

    @Override
    public void prepareDirectory(String relative) {}

    @Override
    public List<String> files(String relative) {
        List<String> names = new ArrayList<>();
        for (ListObjectsV2Response page : list(relative)) {
            for (S3Object object : page.contents()) {
                names.add(object.key().substring(object.key().lastIndexOf('/') + 1));
            }
        }
        return names;
    }

    @Override
    public List<String> directories(String relative) {
        List<String> names = new ArrayList<>();
        for (ListObjectsV2Response page : list(relative)) {
            for (CommonPrefix prefix : page.commonPrefixes()) {
                String directory = prefix.prefix().substring(0, prefix.prefix().length() - 1);
                names.add(directory.substring(directory.lastIndexOf('/') + 1));
            }
        }
        return names;
    }

    /** The pages of a delimited listing of a directory, read in full. */
    private List<ListObjectsV2Response> list(String relative) {
        String prefix = location.key(relative) + "/";
        try {
            return client
                    .s3()
                    .listObjectsV2Paginator(
                            ListObjectsV2Request.builder()
                                    .bucket(location.bucket())
                                    .prefix(prefix)
                                    .delimiter("/")
                                    .build())
                    .stream()
                    .toList();
        } catch (SdkException e) {
            throw StagingStore.failure(
                    "Could not list the staging under " + location.uri(prefix), e);
        }
    }

    @Override
    public boolean owns(String file) {
        return location.contains(file);
    }

    @Override
    public boolean exists(String file) {
        try {
            client.s3().headObject(b -> b.bucket(location.bucket()).key(location.keyOf(file)));
            return true;
        } catch (NoSuchKeyException e) {
            return false;
        } catch (S3Exception e) {
            if (e.statusCode() == 404) { // a HEAD's answer has no body to name the error
                return false;
            }
            throw StagingStore.failure("Could not check the staged file " + file, e);
        } catch (SdkException e) {
            throw StagingStore.failure("Could not check the staged file " + file, e);
        }
    }

    @Override
    public boolean reachable() {
        try {
            client.s3()
                    .listObjectsV2(
                            b -> b.bucket(location.bucket()).prefix(location.prefix()).maxKeys(1));
            return true;
        } catch (SdkException e) {
            LOG.warn("The staging path {} cannot be reached", location, e);
            return false;
        }
    }

    @Override
    public void delete(Collection<String> files) {
        // One request per file: Google Cloud Storage's S3-compatible API has no multi-object
        // delete, and a commit deletes a few files.
        for (String file : files) {
            try {
                client.s3()
                        .deleteObject(b -> b.bucket(location.bucket()).key(location.keyOf(file)));
            } catch (S3Exception e) {
                if (e.statusCode() < 500) {
                    LOG.warn(
                            "Could not delete the staging file {}; it can be removed by hand",
                            file,
                            e);
                    continue;
                }
                throw deleteFailure(file, e);
            } catch (SdkException e) {
                throw deleteFailure(file, e);
            }
        }
    }

    /**
     * The store did not answer, or failed. Failing the job here makes its restart hand the same
     * committables to the committer again, which finds them committed and deletes their files then.
     */
    private static RuntimeException deleteFailure(String file, SdkException e) {
        return StagingStore.failure(
                "Could not delete the staging file " + file + " after its commit", e);
    }

    @Override
    public void close() {
        client.close();
    }
}
