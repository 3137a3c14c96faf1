package satin.apps.abortprobe;

/** Thrown by the trigger once enough leaves spin; its inlet calls abort(). */
public final class Go extends satin.Inlet {
    private static final long serialVersionUID = 1L;
}
