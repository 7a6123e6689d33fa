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

import dev.ducklake.testing.postgres.PostgresServer;
import dev.ducklake.testing.s3.S3Server;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.flink.util.FileUtils;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The servers of a test class's {@link Lake}s, as a static {@code @RegisterExtension} field: before
 * the class, PostgreSQL is started if needed and an S3 server of the class's own, its store in a
 * temporary directory; after the class, that S3 server is stopped and its store deleted.
 */
final class LakeServers implements BeforeAllCallback, AfterAllCallback {

    private Path store;
    private S3Server s3;

    /** The class's S3 server. */
    S3Server s3() {
        return s3;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        PostgresServer.start();
        store = Files.createTempDirectory("ducklake-e2e-s3");
        s3 = S3Server.start(store);
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        if (s3 != null) {
            s3.close();
        }
        if (store != null) {
            FileUtils.deleteDirectory(store.toFile());
        }
    }
}
