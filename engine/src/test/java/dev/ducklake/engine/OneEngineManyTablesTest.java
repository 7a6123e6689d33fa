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

package dev.ducklake.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.read.RowReader;
import dev.ducklake.engine.read.ScanRequest;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.testutils.TestLake;
import dev.ducklake.engine.testutils.TestSchemas;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Several users of one engine, as several sinks of one job share it, each creating a table of its
 * own in a schema that does not exist yet and committing to it in lockstep with the others. With no
 * commit retries, any race between them fails a commit, or a read of a SQLite catalog, whose file
 * locks a commit out while anyone reads it.
 */
class OneEngineManyTablesTest {

    static final int USERS = 3;
    static final int COMMITS = 8;
    static final TableSchema SCHEMA = TestSchemas.columns("id BIGINT").build();

    @RegisterExtension
    final TestLake lake =
            TestLake.perKind()
                    .withSettings(settings -> settings.commitRetries(0).dataInliningRowLimit(0));

    @ParameterizedTest(name = "{0} catalog")
    @EnumSource(CatalogLocation.Kind.class)
    void usersOfOneEngineNeverRaceEachOther(CatalogLocation.Kind kind) throws Exception {
        LakeEngine engine = lake.open(kind);
        CyclicBarrier lockstep = new CyclicBarrier(USERS);
        ExecutorService pool = Executors.newFixedThreadPool(USERS);
        try {
            List<Future<?>> users = new ArrayList<>();
            for (int u = 0; u < USERS; u++) {
                TableName table = TableName.of("sinks", "t" + u);
                users.add(
                        pool.submit(
                                () -> {
                                    try {
                                        lockstep.await(60, TimeUnit.SECONDS);
                                        engine.createTableIfNotExists(table, SCHEMA);
                                        for (int c = 0; c < COMMITS; c++) {
                                            lockstep.await(60, TimeUnit.SECONDS);
                                            try (WriteSession session =
                                                    engine.openWriteSession(
                                                            table, WriteMode.APPEND)) {
                                                session.write(new Object[] {(long) c});
                                                session.commit();
                                            }
                                        }
                                        return null;
                                    } catch (Exception e) {
                                        lockstep.reset(); // the others stop waiting for this user
                                        throw e;
                                    }
                                }));
            }
            for (Future<?> user : users) {
                user.get(120, TimeUnit.SECONDS);
            }
            for (int u = 0; u < USERS; u++) {
                try (RowReader rows =
                        engine.read(TableName.of("sinks", "t" + u), ScanRequest.all())) {
                    assertThat(rows.toList()).hasSize(COMMITS);
                }
            }
            assertThat(engine.commitRetries()).isZero();
        } finally {
            pool.shutdownNow();
        }
    }
}
