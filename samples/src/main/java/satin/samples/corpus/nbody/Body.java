package satin.samples.corpus.nbody;

import java.io.Serializable;

/** A body: position, velocity, mass. No no-argument constructor. */
final class Body implements Serializable {
    private static final long serialVersionUID = 1L;

    double x;
    double y;
    double z;
    double vx;
    double vy;
    double vz;
    final double mass;

    Body(double x, double y, double z, double mass) {
        this.x = x;
        this.y = y;
        this.z = z;
        this.mass = mass;
    }
}
