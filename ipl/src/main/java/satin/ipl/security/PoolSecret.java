package satin.ipl.security;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.Set;

import satin.ipl.IplException;

/**
 * A pool's shared secret: whoever can prove it may join the pool and link to its nodes. It is read from a file
 * (any bytes, at least {@value #MIN_BYTES}, trailing white space ignored, so {@code head -c 32 /dev/urandom |
 * base64 > FILE} makes a good one) and never leaves this object: only keys derived from it with HKDF, each for
 * one purpose, are used on the wire.
 */
public final class PoolSecret {
    public static final int MIN_BYTES = 16;
    private static final byte[] SALT = "satin pool secret v1".getBytes(StandardCharsets.US_ASCII);

    /** HKDF-Extract of the file's bytes: the root of every key of the pool. */
    private final byte[] root;

    private PoolSecret(byte[] material) {
        this.root = Hkdf.extract(SALT, material);
    }

    /** A secret from these bytes (tests, and secrets handed over in memory). */
    public static PoolSecret of(byte[] material) throws IplException {
        if (material.length < MIN_BYTES) {
            throw new IplException("a pool secret needs at least " + MIN_BYTES + " bytes, got " + material.length);
        }
        return new PoolSecret(material.clone());
    }

    /** Reads the secret file; errors name the file and the cause. */
    public static PoolSecret read(Path file) throws IplException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new IplException("cannot read pool secret file " + file + ": " + e);
        }
        int end = bytes.length;
        while (end > 0 && Character.isWhitespace(bytes[end - 1])) {
            end--;
        }
        if (end < MIN_BYTES) {
            throw new IplException("pool secret file " + file + " holds " + end + " bytes; at least " + MIN_BYTES
                    + " are needed (make one with: head -c 32 /dev/urandom | base64 > " + file + ")");
        }
        return new PoolSecret(Arrays.copyOf(bytes, end));
    }

    /** Writes a new random secret (256 bits, base64) to a file only its owner may read; the file must not exist. */
    public static void writeNew(Path file) throws IOException {
        byte[] random = new byte[32];
        new SecureRandom().nextBytes(random);
        byte[] text = (Base64.getEncoder().encodeToString(random) + "\n").getBytes(StandardCharsets.US_ASCII);
        Set<PosixFilePermission> owner = PosixFilePermissions.fromString("rw-------");
        try {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(owner));
        } catch (UnsupportedOperationException e) {
            Files.createFile(file);
        } catch (FileAlreadyExistsException e) {
            throw new IOException("will not overwrite existing file " + file, e);
        }
        Files.write(file, text);
    }

    /**
     * Writes a new random secret into a new directory that only this user may enter, and has both deleted when
     * the JVM exits: for a run that makes its own secret and hands it to its nodes by path, and for tests.
     */
    public static Path writeNewTemporary(String prefix) throws IOException {
        Path dir;
        try {
            dir = Files.createTempDirectory(prefix,
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (UnsupportedOperationException e) {
            dir = Files.createTempDirectory(prefix);
        }
        Path file = dir.resolve("pool.secret");
        dir.toFile().deleteOnExit(); // hooks run in reverse order: the file first, then the directory
        file.toFile().deleteOnExit();
        writeNew(file);
        return file;
    }

    /** A key of {@code length} bytes for one purpose, named by {@code label}; different labels, unrelated keys. */
    public byte[] derive(String label, int length) {
        return Hkdf.expand(root, label.getBytes(StandardCharsets.UTF_8), length);
    }

    @Override
    public String toString() {
        return "PoolSecret[hidden]";
    }
}
