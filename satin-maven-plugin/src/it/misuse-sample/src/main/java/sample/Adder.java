package sample;

public interface Adder extends satin.Spawnable {
    int add(int a, int b);
}
