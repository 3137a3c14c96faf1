package satin.runtime.node.wire;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes the seeds of {@link CodecFuzzTest}: one valid message of each kind, as {@link BytesMessage} writes it, into
 * {@code src/test/resources/satin/runtime/node/wire/CodecFuzzTestInputs/read/}. Run by hand from the module's
 * directory when a message changes (its seeds then still start the fuzzer off valid messages); the regression run
 * replays what is there.
 */
final class CodecSeeds {

    private CodecSeeds() {
    }

    public static void main(String[] args) throws IOException {
        Path dir = Path.of("src/test/resources/satin/runtime/node/wire/CodecFuzzTestInputs/read");
        Files.createDirectories(dir);
        Codec codec = new Codec(CodecSeeds.class.getClassLoader(), Codec.JobScope.PLAIN);
        List<Message> all = MessageSamples.all(BytesMessage.Job::new);
        for (int i = 0; i < all.size(); i++) {
            BytesMessage.Writer out = new BytesMessage.Writer();
            codec.write(all.get(i), out);
            Files.write(dir.resolve(String.format("%02d-%s", i, all.get(i).getClass().getSimpleName())), out.bytes());
        }
    }
}
