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

package dev.ducklake.engine.secret;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.error.LakeException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class SecretMaskingTest {

    @Test
    void masksEveryFormOfAPasswordInAConnectionString() {
        assertThat(
                        SecretMasking.mask(
                                "Unable to connect to Postgres at \"host=db password=pw1 user=u\": failed"))
                .isEqualTo(
                        "Unable to connect to Postgres at \"host=db password=*** user=u\": failed");
        assertThat(SecretMasking.mask("host=db PASSWORD = 'two words\\' here' user=u"))
                .isEqualTo("host=db PASSWORD = *** user=u");
        assertThat(
                        SecretMasking.mask(
                                "at path + \"postgres:dbname=x password=pw2\"Unable to connect"))
                .isEqualTo("at path + \"postgres:dbname=x password=***\"Unable to connect");
        assertThat(SecretMasking.mask("at \"postgresql://flink:p%40ss@127.0.0.1:5432/lake\""))
                .isEqualTo("at \"postgresql://flink:***@127.0.0.1:5432/lake\"");
        assertThat(
                        SecretMasking.mask(
                                "postgresql://127.0.0.1/lake?user=flink&password=pw3&sslmode=off"))
                .isEqualTo("postgresql://127.0.0.1/lake?user=flink&password=***&sslmode=off");
    }

    @Test
    void masksTheRegisteredValuesOfAConnectionStringWhereverTheyAppear() {
        SecretMasking.registerPasswordsOf("host=db user=u password='quoted \\'pw\\' 41'");
        SecretMasking.registerPasswordsOf("postgresql://flink:p%40ss-42@127.0.0.1/lake");

        assertThat(SecretMasking.mask("DuckDB echoed quoted 'pw' 41 and p@ss-42 and p%40ss-42"))
                .isEqualTo("DuckDB echoed *** and *** and ***");
    }

    @Test
    void aLakeExceptionMasksItsMessageAndItsWholeChainOfCauses() {
        SecretMasking.registerPasswordsOf("host=db password=Chain-pw-43");
        SQLException duckDb =
                new SQLException("IO Error: Unable to connect at \"host=db password=Chain-pw-43\"");
        duckDb.addSuppressed(new IllegalStateException("also Chain-pw-43"));
        RuntimeException wrapped = new RuntimeException("wrapper", duckDb);

        LakeException error =
                new LakeException("Could not open the lake: " + duckDb.getMessage(), wrapped);

        StringWriter printed = new StringWriter();
        error.printStackTrace(new PrintWriter(printed));
        assertThat(printed.toString())
                .doesNotContain("Chain-pw-43")
                .contains(
                        "java.sql.SQLException: IO Error: Unable to connect at \"host=db password=***\"")
                .contains("java.lang.RuntimeException: wrapper");
        assertThat(error.getSuppressed()[0].getStackTrace()).isEqualTo(wrapped.getStackTrace());
    }

    @Test
    void aSecretInASuppressedOrChainedErrorAloneIsMaskedToo() {
        SecretMasking.registerPasswordsOf("host=db password=Rollback-pw-44");
        SQLException commit = new SQLException("TransactionContext Error: Failed to commit");
        commit.addSuppressed(
                new SQLException("rollback failed at \"host=db password=Rollback-pw-44\""));
        SQLException chained = new SQLException("batch failed");
        chained.setNextException(new SQLException("next: Rollback-pw-44"));

        StringWriter printed = new StringWriter();
        new LakeException("Could not commit", commit).printStackTrace(new PrintWriter(printed));
        new LakeException("Could not write", chained).printStackTrace(new PrintWriter(printed));

        assertThat(printed.toString())
                .doesNotContain("Rollback-pw-44")
                .contains("rollback failed at");
    }

    @Test
    void aChainWithoutSecretsIsKeptAsItIs() {
        SQLException duckDb = new SQLException("Catalog Error: Table with name x does not exist");

        assertThat(new LakeException("Could not read", duckDb).getSuppressed())
                .containsExactly(duckDb);
    }
}
