package satin.ibiscompat;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import ibis.ipl.Ibis;
import ibis.ipl.IbisCapabilities;
import ibis.ipl.IbisConfigurationException;
import ibis.ipl.IbisIdentifier;
import ibis.ipl.MessageUpcall;
import ibis.ipl.NoSuchPropertyException;
import ibis.ipl.PortType;
import ibis.ipl.ReceivePort;
import ibis.ipl.ReceivePortConnectUpcall;
import ibis.ipl.Registry;
import ibis.ipl.SendPort;
import ibis.ipl.SendPortDisconnectUpcall;
import satin.ipl.CommunicationStatistics;
import satin.ipl.Node;

/**
 * One Ibis instance: an IPL {@link Node} with its {@link CompatRegistry}. Ports may be of the types declared at
 * creation only, as in the original. Anonymous ports get names of their own ("anonymous send port 3").
 */
final class CompatIbis implements Ibis {
    private final Node node;
    private final CompatRegistry registry;
    private final Properties properties;
    private final IbisId identifier;
    private final List<PortType> declared;
    private final ClassLoader loader;
    private final AtomicInteger anonymous = new AtomicInteger();
    private final Set<Object> ports = ConcurrentHashMap.newKeySet();
    private volatile boolean ended;

    CompatIbis(Node node, CompatRegistry registry, IbisCapabilities capabilities, Properties properties, byte[] tag,
            PortType... portTypes) {
        this.node = node;
        this.registry = registry;
        this.properties = properties;
        this.identifier = IbisId.of(node.identifier(), tag);
        this.declared = List.copyOf(Arrays.asList(portTypes));
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        this.loader = context != null ? context : CompatIbis.class.getClassLoader();
        registry.attach(node.registry(), node.identifier());
    }

    CompatRegistry registryImpl() {
        return registry;
    }

    /** The loader that resolves the classes of objects in messages: the creating thread's context loader. */
    ClassLoader classLoader() {
        return loader;
    }

    void removed(Object port) {
        ports.remove(port);
    }

    private void check(PortType type) {
        if (ended) {
            throw new IbisConfigurationException("Ibis instance " + identifier + " has ended");
        }
        if (!declared.contains(type)) {
            throw new IbisConfigurationException("port type " + type + " was not given to createIbis; declared: "
                    + declared);
        }
    }

    private String name(String given, String kind) {
        return given != null ? given : "anonymous " + kind + " port " + anonymous.getAndIncrement();
    }

    @Override
    public void end() throws IOException {
        if (ended) {
            return;
        }
        ended = true;
        for (Object p : List.copyOf(ports)) {
            if (p instanceof CompatSendPort s) {
                try {
                    s.close();
                } catch (IOException e) {
                    // an unfinished message: the port is closed all the same
                }
            } else if (p instanceof CompatReceivePort r) {
                r.close(-1);
            }
        }
        registry.stop();
        node.close();
    }

    @Override
    public Registry registry() {
        return registry;
    }

    @Override
    public void poll() {
    }

    @Override
    public IbisIdentifier identifier() {
        return identifier;
    }

    @Override
    public String getVersion() {
        return "Satin Ibis compatibility " + ibis.ipl.IbisFactory.getVersion() + " on IPL " + node.implementationName();
    }

    @Override
    public Properties properties() {
        return properties;
    }

    @Override
    public SendPort createSendPort(PortType portType) throws IOException {
        return createSendPort(portType, null, null, null);
    }

    @Override
    public SendPort createSendPort(PortType portType, String sendPortName) throws IOException {
        return createSendPort(portType, sendPortName, null, null);
    }

    @Override
    public SendPort createSendPort(PortType portType, String sendPortName, SendPortDisconnectUpcall upcall,
            Properties portProperties) throws IOException {
        check(portType);
        if (upcall != null && !portType.hasCapability(PortType.CONNECTION_UPCALLS)) {
            throw new IbisConfigurationException("a SendPortDisconnectUpcall needs " + PortType.CONNECTION_UPCALLS
                    + " in the port type");
        }
        CompatSendPort port = new CompatSendPort(this,
                portType, node.createSendPort(PortTypes.ipl(portType), name(sendPortName, "send")), upcall);
        ports.add(port);
        return port;
    }

    @Override
    public ReceivePort createReceivePort(PortType portType, String receivePortName) throws IOException {
        return createReceivePort(portType, receivePortName, null, null, null);
    }

    @Override
    public ReceivePort createReceivePort(PortType portType, String receivePortName, MessageUpcall messageUpcall)
            throws IOException {
        return createReceivePort(portType, receivePortName, messageUpcall, null, null);
    }

    @Override
    public ReceivePort createReceivePort(PortType portType, String receivePortName,
            ReceivePortConnectUpcall connectUpcall) throws IOException {
        return createReceivePort(portType, receivePortName, null, connectUpcall, null);
    }

    @Override
    public ReceivePort createReceivePort(PortType portType, String receivePortName, MessageUpcall messageUpcall,
            ReceivePortConnectUpcall connectUpcall, Properties portProperties) throws IOException {
        check(portType);
        if (messageUpcall != null && !PortTypes.upcalls(portType)) {
            throw new IbisConfigurationException("a message upcall needs " + PortType.RECEIVE_AUTO_UPCALLS + " or "
                    + PortType.RECEIVE_POLL_UPCALLS + " in the port type");
        }
        if (messageUpcall == null && !PortTypes.explicit(portType) && PortTypes.upcalls(portType)) {
            throw new IbisConfigurationException("a receive port without upcall needs " + PortType.RECEIVE_EXPLICIT
                    + " in the port type");
        }
        if (connectUpcall != null && !portType.hasCapability(PortType.CONNECTION_UPCALLS)) {
            throw new IbisConfigurationException("a ReceivePortConnectUpcall needs " + PortType.CONNECTION_UPCALLS
                    + " in the port type");
        }
        String name = name(receivePortName, "receive");
        CompatReceivePort port = new CompatReceivePort(this, portType,
                new satin.ipl.ReceivePortIdentifier(node.identifier(), name), messageUpcall, connectUpcall);
        port.attach(node.createReceivePort(PortTypes.ipl(portType), name, messageUpcall == null ? null : port, port));
        ports.add(port);
        return port;
    }

    @Override
    public Map<String, String> getManagementProperties() {
        CommunicationStatistics s = node.statistics();
        Map<String, String> m = new LinkedHashMap<>();
        m.put("outgoingMessageCount", Long.toString(s.totalMessages()));
        m.put("bytesWritten", Long.toString(s.totalBytes()));
        m.put("bytesSent", Long.toString(s.totalBytes()));
        m.put("incomingMessageCount", Long.toString(s.receivedMessages()));
        m.put("bytesReceived", Long.toString(s.receivedBytes()));
        m.put("bytesRead", Long.toString(s.receivedBytes()));
        return m;
    }

    @Override
    public String getManagementProperty(String key) throws NoSuchPropertyException {
        return Management.get(getManagementProperties(), key, "Ibis instance " + identifier);
    }

    @Override
    public void setManagementProperties(Map<String, String> values) throws NoSuchPropertyException {
        Management.set(values, "Ibis instance " + identifier);
    }

    @Override
    public void setManagementProperty(String key, String value) throws NoSuchPropertyException {
        Management.set(key, "Ibis instance " + identifier);
    }

    @Override
    public void printManagementProperties(PrintStream stream) {
        Management.print(getManagementProperties(), stream);
    }

    @Override
    public String toString() {
        return "Ibis " + identifier;
    }
}
