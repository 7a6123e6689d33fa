package dev.ducklake.flink.sink.cdc.debezium;

import org.apache.flink.annotation.Internal;

/**
 * A Kafka Connect schema or value the deserializer cannot read, with the path of the column it
 * belongs to ({@code address.city}, {@code tags[2]}; empty while it is not yet known). The reader
 * turns it into an {@link java.io.IOException} that names the table as well.
 */
@Internal
final class ConnectDataException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String column;

    ConnectDataException(String message) {
        this("", message, null);
    }

    ConnectDataException(String message, Throwable cause) {
        this("", message, cause);
    }

    private ConnectDataException(String column, String message, Throwable cause) {
        super(message, cause);
        this.column = column;
    }

    /** This failure, inside the field or array element {@code segment} of the enclosing value. */
    ConnectDataException within(String segment) {
        String path = column.isEmpty() ? segment
                : segment + (column.startsWith("[") ? "" : ".") + column;
        ConnectDataException within = new ConnectDataException(path, getMessage(), getCause());
        within.setStackTrace(getStackTrace());
        return within;
    }

    /** The column path, e.g. {@code address.city}; empty for a failure outside any column. */
    String column() {
        return column;
    }
}
