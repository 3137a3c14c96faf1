package satin.ipl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import satin.ipl.local.LocalNetwork;
import satin.ipl.start.Ipl;

class SelectionAndConfigTest {
    static final PortType FIFO_OBJECTS = PortType.of(PortCapability.MANY_TO_ONE, PortCapability.RELIABLE,
            PortCapability.FIFO, PortCapability.UPCALLS, PortCapability.SERIALIZATION_OBJECT);

    @Test
    void namedImplementationLackingCapabilitiesListsThem() {
        IplConfig config = IplConfig.builder().set(IplProperties.IMPLEMENTATION, "limited").build();
        CapabilityMismatchException e = assertThrows(CapabilityMismatchException.class,
                () -> Ipl.node(config).portTypes(FIFO_OBJECTS).poolCapabilities(PoolCapability.ELECTIONS).start());
        assertEquals(Set.of(PoolCapability.ELECTIONS), e.missingPoolCapabilities());
        assertEquals(Set.of(PortCapability.MANY_TO_ONE, PortCapability.FIFO, PortCapability.UPCALLS,
                PortCapability.SERIALIZATION_OBJECT), e.missingPortCapabilities());
        assertTrue(e.getMessage().contains("FIFO") && e.getMessage().contains("ELECTIONS"), e.getMessage());
    }

    @Test
    void unknownImplementationNamesTheAvailableOnes() {
        IplConfig config = IplConfig.builder().set(IplProperties.IMPLEMENTATION, "carrier-pigeon").build();
        IplException e = assertThrows(IplException.class, () -> Ipl.node(config).start());
        assertTrue(e.getMessage().contains("tcp") && e.getMessage().contains("local"), e.getMessage());
    }

    @Test
    void automaticChoiceTakesTheMostPreferredMatch() throws Exception {
        LocalNetwork network = new LocalNetwork();
        try (Node n = Ipl.node(IplConfig.builder().build()).localNetwork(network).portTypes(FIFO_OBJECTS).start()) {
            assertEquals("tcp", n.implementationName(), "tcp is preferred and offers everything");
        }
        assertEquals("tcp", Ipl.providers().get(0).name());
    }

    @Test
    void unknownKeysAndBadValuesAreRejectedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> IplConfig.builder().set("ipl.pool.nmae", "x").build());
        assertTrue(e.getMessage().contains("ipl.pool.nmae"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> IplConfig.builder().set(IplProperties.POOL_SIZE, "many").build());
        assertTrue(e.getMessage().contains(IplProperties.POOL_SIZE), e.getMessage());
        assertEquals("1", IplConfig.builder().set("ipl.limited.knob", "1").build().get("ipl.limited.knob"),
                "keys declared by an implementation are legal");
    }

    @Test
    void configFromArgsAndMap() {
        IplConfig c = IplConfig.builder().parseArgs("--ipl.pool.name=p", "ipl.pool.size=4").build();
        assertEquals("p", c.get(IplProperties.POOL_NAME));
        assertEquals(4, c.getInt(IplProperties.POOL_SIZE));
        assertEquals("satin", IplConfig.of(Map.of()).get(IplProperties.POOL_NAME));
        assertThrows(IllegalArgumentException.class, () -> IplConfig.builder().parseArgs("novalue"));
    }

    @Test
    void locationsAreHierarchical() {
        Location l = Location.parse("fs0@das2@vu");
        assertEquals("fs0", l.name());
        assertEquals(Location.parse("das2@vu"), l.cluster());
        assertEquals(Location.parse("fs0@das2@vu.nl"), Location.fromHostName("fs0.das2.vu.nl"));
        assertEquals(Location.parse("box@box"), Location.fromHostName("box"));
        assertThrows(IllegalArgumentException.class, () -> Location.parse("a@@b"));
    }

    @Test
    void portTypesAreValidatedCapabilitySets() {
        assertThrows(IllegalArgumentException.class, () -> PortType.of(PortCapability.ONE_TO_ONE,
                PortCapability.MANY_TO_ONE, PortCapability.RELIABLE, PortCapability.UPCALLS,
                PortCapability.SERIALIZATION_BYTES));
        assertThrows(IllegalArgumentException.class, () -> PortType.of(PortCapability.ONE_TO_ONE,
                PortCapability.RELIABLE, PortCapability.SERIALIZATION_BYTES));
        assertEquals(FIFO_OBJECTS, PortType.fromBits(FIFO_OBJECTS.bits()));
    }

    @Test
    void differentRegistrationListsCannotShareAPool() throws Exception {
        LocalNetwork network = new LocalNetwork();
        IplConfig base = IplConfig.builder().set(IplProperties.IMPLEMENTATION, "local").build();
        try (Node a = Ipl.node(base.toBuilder().registerClasses(java.util.TreeMap.class).build())
                .localNetwork(network).start()) {
            IplException e = assertThrows(IplException.class, () -> Ipl.node(base).localNetwork(network).start());
            assertTrue(e.getMessage().contains("registration"), e.getMessage());
        }
    }

    @Test
    void countersSplitIntraAndInterClusterTraffic() throws Exception {
        LocalNetwork network = new LocalNetwork();
        PortType bytes = PortType.of(PortCapability.ONE_TO_MANY, PortCapability.RELIABLE,
                PortCapability.EXPLICIT_RECEIPT, PortCapability.SERIALIZATION_BYTES);
        IplConfig.Builder base = IplConfig.builder().set(IplProperties.IMPLEMENTATION, "local");
        try (Node a = Ipl.node(base.set(IplProperties.LOCATION, "a@c1@s").build()).localNetwork(network).portTypes(bytes).start();
                Node b = Ipl.node(base.set(IplProperties.LOCATION, "b@c1@s").build()).localNetwork(network).portTypes(bytes).start();
                Node c = Ipl.node(base.set(IplProperties.LOCATION, "c@c2@s").build()).localNetwork(network).portTypes(bytes).start()) {
            ReceivePort rb = b.createReceivePort(bytes, "in");
            ReceivePort rc = c.createReceivePort(bytes, "in");
            SendPort out = a.createSendPort(bytes, "out");
            out.connect(rb.identifier());
            out.connect(rc.identifier());
            WriteMessage w = out.newMessage();
            w.writeArray(new byte[100]);
            w.finish();
            rb.receive(10_000).finish();
            rc.receive(10_000).finish();
            CommunicationStatistics s = a.statistics();
            assertEquals(1, s.intraClusterMessages());
            assertEquals(100, s.intraClusterBytes());
            assertEquals(1, s.interClusterMessages());
            assertEquals(100, s.interClusterBytes());
            assertEquals(100, b.statistics().receivedBytes());
        }
    }
}
