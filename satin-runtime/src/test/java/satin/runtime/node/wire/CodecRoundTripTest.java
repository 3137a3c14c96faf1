package satin.runtime.node.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import satin.ipl.UnregisteredClassException;
import satin.ipl.WriteMessage;
import satin.runtime.node.report.NodeStatistics;

/**
 * Every message, with every kind of outcome, written by {@link Codec#write} and read back by {@link Codec#read}
 * through plain bytes ({@link BytesMessage}): the same message comes out. (Through a real IPL node, with Kryo for the
 * objects: {@code node.MessagesOverIplTest}.) Also what writing does when a value or a job cannot be written.
 */
class CodecRoundTripTest {

    private static final Codec CODEC = new Codec(CodecRoundTripTest.class.getClassLoader(), Codec.JobScope.PLAIN);

    static Stream<Arguments> messages() {
        return MessageSamples.all(BytesMessage.Job::new).stream().map(m -> Arguments.of(m.getClass().getSimpleName(), m));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("messages")
    void aMessageReadsBackAsWritten(String kind, Message message) throws IOException {
        BytesMessage.Writer out = new BytesMessage.Writer();
        assertNull(CODEC.write(message, out), "written whole");
        Message back = CODEC.read(new BytesMessage.Reader(out.bytes()));
        assertEquals(MessageSamples.normal(message), MessageSamples.normal(back));
        assertEquals(Codec.tagOf(message), out.bytes()[0], "the tag comes first");
    }

    @Test
    void everyKindOfMessageIsAmongTheSamples() {
        List<String> kinds = MessageSamples.all(BytesMessage.Job::new).stream().map(m -> m.getClass().getName())
                .distinct().toList();
        assertEquals(Message.class.getPermittedSubclasses().length, kinds.size());
    }

    @Test
    void aValueThatCannotBeWrittenTravelsAsARerunNamingWhy() throws IOException {
        WriteMessage refusing = new Refusing();
        Message.Result result = new Message.Result(1, 7, new Outcome.Value(new Object()));
        BytesMessage.Writer out = new BytesMessage.Writer();
        assertNull(CODEC.write(result, new Refusing.Over(out)));
        Message back = CODEC.read(new BytesMessage.Reader(out.bytes()));
        assertInstanceOf(Outcome.Rerun.class, ((Message.Result) back).outcome());
        assertTrue(((Outcome.Rerun) ((Message.Result) back).outcome()).problem().contains("java.lang.Object"));
        assertThrows(IOException.class, () -> refusing.writeObject(new Object()));
    }

    @Test
    void aJobThatCannotBeWrittenLeavesItsReplyWithoutAJobAndIsNamedToTheCaller() throws IOException {
        ShippedJob job = new ShippedJob(new Refusing.Unlisted(), 5, false);
        BytesMessage.Writer out = new BytesMessage.Writer();
        Codec.Unwritten unwritten = CODEC.write(new Message.StealReply(0, 9, true, job), new Refusing.Over(out));
        assertEquals(job, unwritten.job());
        assertInstanceOf(UnregisteredClassException.class, unwritten.cause());
        Message.StealReply back = (Message.StealReply) CODEC.read(new BytesMessage.Reader(out.bytes()));
        assertNull(back.job(), "the reply went without the job");
        assertEquals(9, back.requestId());
    }

    /** A program's own exception: no public (String) constructor, a field, a JDK cause. */
    static final class NoMove extends Exception {
        final int depth;

        private NoMove(int depth, Throwable cause) {
            super("no move at depth " + depth, cause);
            this.depth = depth;
        }
    }

    /** An exception holding something that cannot travel. */
    static final class Stuck extends RuntimeException {
        final Object[] holding = {"fine", new Object()};

        Stuck() {
            super("stuck");
        }
    }

    private static Throwable thrownBack(Throwable t) throws IOException {
        BytesMessage.Writer out = new BytesMessage.Writer();
        assertNull(CODEC.write(new Message.Result(1, 7, new Outcome.Thrown(t)), out));
        Message back = CODEC.read(new BytesMessage.Reader(out.bytes()));
        return ((Outcome.Thrown) ((Message.Result) back).outcome()).failure();
    }

    @Test
    void aThrownExceptionArrivesAsItselfWithItsFieldsCauseAndStackTrace() throws IOException {
        NoMove thrown = new NoMove(9, new java.io.UncheckedIOException(new java.io.IOException("disk")));
        NoMove back = assertInstanceOf(NoMove.class, thrownBack(thrown));
        assertEquals(9, back.depth);
        assertEquals("no move at depth 9", back.getMessage());
        assertInstanceOf(java.io.IOException.class, back.getCause().getCause());
        assertEquals(List.of(thrown.getStackTrace()), List.of(back.getStackTrace()));
    }

    @Test
    void anExceptionThatCannotTravelWholeIsRebuiltNamingTheFieldPath() throws IOException {
        Throwable back = thrownBack(new Stuck());
        assertInstanceOf(RemoteFailure.class, back, "Stuck has no public (String) constructor");
        String remote = back.getSuppressed()[0].getMessage();
        assertTrue(remote.contains("Stuck.holding[1] is a java.lang.Object, which is not Serializable"), remote);
    }

    @Test
    void statisticsOfAnotherVersionAreRefusedNamingBothVersions() throws IOException {
        BytesMessage.Writer out = new BytesMessage.Writer();
        out.writeByte(Codec.STATISTICS);
        out.writeInt(2);
        out.writeInt(NodeStatistics.VERSION + 1);
        WireException e = assertThrows(WireException.class,
                () -> CODEC.read(new BytesMessage.Reader(out.bytes())));
        assertTrue(e.getMessage().contains("version " + (NodeStatistics.VERSION + 1)), e.getMessage());
    }

    @Test
    void aCountBeyondTheMessageIsRefused() throws IOException {
        BytesMessage.Writer out = new BytesMessage.Writer();
        out.writeByte(Codec.ORPHANS);
        out.writeInt(1);
        out.writeInt(3);
        out.writeInt(Integer.MAX_VALUE);
        WireException e = assertThrows(WireException.class,
                () -> CODEC.read(new BytesMessage.Reader(out.bytes())));
        assertTrue(e.getMessage().contains("orphans"), e.getMessage());
    }
}
