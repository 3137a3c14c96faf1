package satin.contract;

/**
 * Every name and descriptor of the rewriter/runtime contract, in the form class files spell them: the one place
 * both sides use. The rewriter emits calls, supertypes, overrides and marks with these strings (it never loads
 * the classes they name: it runs at build time, on class files); the runtime finds generated records and their
 * result field by them. {@code ContractNamesTest} checks each one against the real class by reflection, so a
 * rename here or there fails that test instead of producing class files that do not link.
 *
 * <p>All fields are compile-time constants, so they are copied into the class files that use them: the
 * rewriter's self-contained agent jar needs no copy of this class.
 */
public final class ContractNames {

    /** Version of the contract a rewritten class was produced for: the value of its {@link Rewritten} mark. */
    public static final int VERSION = 1;

    // ---- the user API (package satin) ----

    /** The marker interface: methods of interfaces extending it are spawnable. */
    public static final String SPAWNABLE = "satin/Spawnable";
    /** The base class of classes with spawnable methods; its {@link #SYNC} is what the rewriter replaces. */
    public static final String SATIN_OBJECT = "satin/SatinObject";
    /** {@code SatinObject.sync()}. */
    public static final String SYNC = "sync";
    public static final String SYNC_DESCRIPTOR = "()V";
    /** The mark on a class whose {@code main} starts a runtime although the class neither spawns nor syncs. */
    public static final String SATIN_MAIN = "satin/SatinMain";
    public static final String SATIN_MAIN_DESCRIPTOR = "L" + SATIN_MAIN + ";";
    /** The marker interface: methods of interfaces extending it are write methods of a shared object. */
    public static final String WRITE_METHODS_INTERFACE = "satin/WriteMethodsInterface";
    /** The base class of shared objects. */
    public static final String SHARED_OBJECT = "satin/SharedObject";
    /** {@code SharedObject.exportObject()}, which the rewriter replaces by {@link #SHARED_EXPORT}. */
    public static final String EXPORT_OBJECT = "exportObject";
    public static final String EXPORT_OBJECT_DESCRIPTOR = "()V";

    // ---- the contract (package satin.contract) ----

    public static final String SPAWNS = "satin/contract/Spawns";
    public static final String INVOCATION_RECORD = "satin/contract/InvocationRecord";
    public static final String INVOCATION_RECORD_DESCRIPTOR = "L" + INVOCATION_RECORD + ";";
    public static final String REWRITTEN = "satin/contract/Rewritten";
    public static final String REWRITTEN_DESCRIPTOR = "L" + REWRITTEN + ";";
    /** The element of {@link Rewritten} holding the {@link #VERSION}. */
    public static final String REWRITTEN_VERSION = "value";
    /** The element of {@link Rewritten} holding the rewriter's output format (the rewriter's own number). */
    public static final String REWRITTEN_FORMAT = "format";

    /** {@code static boolean Spawns.inline()}. */
    public static final String INLINE = "inline";
    public static final String INLINE_DESCRIPTOR = "()Z";
    /** {@code static InvocationRecord Spawns.spawn(InvocationRecord record, InvocationRecord frame)}. */
    public static final String SPAWN = "spawn";
    public static final String SPAWN_DESCRIPTOR =
            "(" + INVOCATION_RECORD_DESCRIPTOR + INVOCATION_RECORD_DESCRIPTOR + ")" + INVOCATION_RECORD_DESCRIPTOR;
    /** {@code static InvocationRecord Spawns.failed(Throwable cause, InvocationRecord frame)}. */
    public static final String FAILED = "failed";
    public static final String FAILED_DESCRIPTOR =
            "(Ljava/lang/Throwable;" + INVOCATION_RECORD_DESCRIPTOR + ")" + INVOCATION_RECORD_DESCRIPTOR;
    /** {@code static void Spawns.sync(InvocationRecord frame)}. */
    public static final String SPAWNS_SYNC = "sync";
    public static final String SPAWNS_SYNC_DESCRIPTOR = "(" + INVOCATION_RECORD_DESCRIPTOR + ")V";
    /** {@code static void Spawns.abandon(InvocationRecord frame)}. */
    public static final String ABANDON = "abandon";
    public static final String ABANDON_DESCRIPTOR = "(" + INVOCATION_RECORD_DESCRIPTOR + ")V";

    /** {@code SatinObject.abort()}, which the rewriter replaces by {@link #SPAWNS_ABORT}. */
    public static final String ABORT = "abort";
    public static final String ABORT_DESCRIPTOR = "()V";
    /** {@code static InvocationRecord Spawns.spawnInlet(InvocationRecord record, InvocationRecord frame, int group)}. */
    public static final String SPAWN_INLET = "spawnInlet";
    public static final String SPAWN_INLET_DESCRIPTOR = "(" + INVOCATION_RECORD_DESCRIPTOR + INVOCATION_RECORD_DESCRIPTOR
            + "I)" + INVOCATION_RECORD_DESCRIPTOR;
    /** {@code static InvocationRecord Spawns.failedInlet(Throwable cause, InvocationRecord frame, int group)}. */
    public static final String FAILED_INLET = "failedInlet";
    public static final String FAILED_INLET_DESCRIPTOR =
            "(Ljava/lang/Throwable;" + INVOCATION_RECORD_DESCRIPTOR + "I)" + INVOCATION_RECORD_DESCRIPTOR;
    /** {@code static InvocationRecord Spawns.inletPoll(InvocationRecord frame)}. */
    public static final String INLET_POLL = "inletPoll";
    public static final String INLET_POLL_DESCRIPTOR = "(" + INVOCATION_RECORD_DESCRIPTOR + ")"
            + INVOCATION_RECORD_DESCRIPTOR;
    /** {@code static int Spawns.inletGroup(InvocationRecord record)}. */
    public static final String INLET_GROUP = "inletGroup";
    public static final String INLET_GROUP_DESCRIPTOR = "(" + INVOCATION_RECORD_DESCRIPTOR + ")I";
    /** {@code static Throwable Spawns.inletFailure(InvocationRecord record)}. */
    public static final String INLET_FAILURE = "inletFailure";
    public static final String INLET_FAILURE_DESCRIPTOR = "(" + INVOCATION_RECORD_DESCRIPTOR + ")Ljava/lang/Throwable;";
    /** {@code static void Spawns.uncaught(InvocationRecord record, Throwable failure)}. */
    public static final String UNCAUGHT = "uncaught";
    public static final String UNCAUGHT_DESCRIPTOR = "(" + INVOCATION_RECORD_DESCRIPTOR + "Ljava/lang/Throwable;)V";
    /** {@code static boolean Spawns.hasResult(InvocationRecord record)}. */
    public static final String HAS_RESULT = "hasResult";
    public static final String HAS_RESULT_DESCRIPTOR = "(" + INVOCATION_RECORD_DESCRIPTOR + ")Z";
    /** {@code static void Spawns.abort(InvocationRecord frame)}. */
    public static final String SPAWNS_ABORT = "abort";
    public static final String SPAWNS_ABORT_DESCRIPTOR = "(" + INVOCATION_RECORD_DESCRIPTOR + ")V";

    /** A counted loop whose body spawns, as a splittable range ({@link LoopRange}); the base of generated loop records. */
    public static final String LOOP_RANGE = "satin/contract/LoopRange";
    public static final String LOOP_RANGE_DESCRIPTOR = "L" + LOOP_RANGE + ";";
    /** {@code static LoopRange Spawns.loopEnter(LoopRange range, int from, int end)}. */
    public static final String LOOP_ENTER = "loopEnter";
    public static final String LOOP_ENTER_DESCRIPTOR = "(" + LOOP_RANGE_DESCRIPTOR + "II)" + LOOP_RANGE_DESCRIPTOR;
    /** {@code static void Spawns.loopExit(LoopRange range)}. */
    public static final String LOOP_EXIT = "loopExit";
    public static final String LOOP_EXIT_DESCRIPTOR = "(" + LOOP_RANGE_DESCRIPTOR + ")V";
    /** {@code boolean LoopRange.next(int i)}: the loop's test. */
    public static final String LOOP_NEXT = "next";
    public static final String LOOP_NEXT_DESCRIPTOR = "(I)Z";
    /** {@code protected void LoopRange.iterate(int i)}: the body for one index, generated. */
    public static final String LOOP_ITERATE = "iterate";
    public static final String LOOP_ITERATE_DESCRIPTOR = "(I)V";

    /** Where a rewritten {@code main} enters a runtime: {@code static boolean MainEntry.enter(Class, String[])}. */
    /** Where a call of a write method goes ({@link SharedWrites#write}), from the bridge the rewriter adds. */
    public static final String SHARED_WRITES = "satin/contract/SharedWrites";
    public static final String SHARED_WRITE = "write";
    public static final String SHARED_WRITE_DESCRIPTOR =
            "(Ljava/lang/Object;Ljava/lang/String;[Ljava/lang/Object;)Ljava/lang/Object;";
    public static final String SHARED_EXPORT = "export";
    public static final String SHARED_EXPORT_DESCRIPTOR = "(L" + SHARED_OBJECT + ";)V";

    public static final String MAIN_ENTRY = "satin/contract/MainEntry";
    public static final String ENTER = "enter";
    public static final String ENTER_DESCRIPTOR = "(Ljava/lang/Class;[Ljava/lang/String;)Z";
    /** The method whose start gets the call of {@link #ENTER}: {@code public static void main(String[])}. */
    public static final String MAIN = "main";
    public static final String MAIN_DESCRIPTOR = "([Ljava/lang/String;)V";

    // ---- what a generated record overrides and holds ----

    /** {@code protected void execute() throws Throwable}: makes the call. */
    public static final String EXECUTE = "execute";
    public static final String EXECUTE_DESCRIPTOR = "()V";
    /** {@code protected void deliver()}: stores the result into an array element or field. */
    public static final String DELIVER = "deliver";
    public static final String DELIVER_DESCRIPTOR = "()V";
    /** {@code public Object boxedResult()} and {@code public void boxedResult(Object)}. */
    public static final String BOXED_RESULT = "boxedResult";
    public static final String BOXED_RESULT_GET_DESCRIPTOR = "()Ljava/lang/Object;";
    public static final String BOXED_RESULT_SET_DESCRIPTOR = "(Ljava/lang/Object;)V";
    /**
     * The instance field of a generated record that holds the call's result (absent for void calls). The runtime
     * reads it by this name to estimate result sizes for traces; every other non-transient field is a parameter.
     */
    public static final String RESULT_FIELD = "result";

    private ContractNames() {
    }
}
