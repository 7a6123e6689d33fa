package dev.ducklake.engine.internal;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Short stable names derived from text. */
public final class Hashes {

    private Hashes() {}

    /** The first {@code bytes} bytes of the text's SHA-256 digest (of its UTF-8), in lowercase hex. */
    public static String sha256Hex(String text, int bytes) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
