package ibis.ipl;

import java.io.PrintStream;
import java.util.Map;

/** Named counters an instance or port reports (all values are strings). */
public interface Manageable {
    Map<String, String> getManagementProperties();

    String getManagementProperty(String key) throws NoSuchPropertyException;

    void setManagementProperties(Map<String, String> properties) throws NoSuchPropertyException;

    void setManagementProperty(String key, String value) throws NoSuchPropertyException;

    void printManagementProperties(PrintStream stream);
}
