package satin.ipl.udp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class RttEstimatorTest {
    private static final long MS = 1_000_000L;

    @Test
    void firstSampleSetsSrttAndHalfVariance() {
        RttEstimator e = new RttEstimator(1000 * MS, 1 * MS, 60_000 * MS, MS);
        assertEquals(1000 * MS, e.rto());
        e.sample(100 * MS);
        assertEquals(100 * MS, e.srtt());
        assertEquals(50 * MS, e.rttvar());
        assertEquals(300 * MS, e.rto(), "SRTT + 4 RTTVAR");
    }

    @Test
    void laterSamplesSmoothAsRfc6298() {
        RttEstimator e = new RttEstimator(1000 * MS, 1 * MS, 60_000 * MS, MS);
        e.sample(100 * MS);
        e.sample(200 * MS);
        // RTTVAR = 3/4*50 + 1/4*|100-200| = 62.5; SRTT = 7/8*100 + 1/8*200 = 112.5
        assertEquals(62_500_000L, e.rttvar());
        assertEquals(112_500_000L, e.srtt());
        assertEquals(112_500_000L + 4 * 62_500_000L, e.rto());
    }

    @Test
    void granularityBoundsTheVarianceTerm() {
        RttEstimator e = new RttEstimator(1000 * MS, 1 * MS, 60_000 * MS, 10 * MS);
        for (int i = 0; i < 200; i++) {
            e.sample(50 * MS);
        }
        assertEquals(60 * MS, e.rto(), "SRTT + G once the variance has decayed");
    }

    @Test
    void backoffDoublesUntilTheCeilingAndASampleRecovers() {
        RttEstimator e = new RttEstimator(100 * MS, 10 * MS, 700 * MS, MS);
        e.backoff();
        assertEquals(200 * MS, e.rto());
        e.backoff();
        e.backoff();
        assertEquals(700 * MS, e.rto(), "clamped to maxRto");
        e.sample(20 * MS);
        assertEquals(60 * MS, e.rto());
    }

    @Test
    void minimumApplies() {
        RttEstimator e = new RttEstimator(100 * MS, 30 * MS, 700 * MS, 0);
        e.sample(1 * MS);
        assertEquals(30 * MS, e.rto());
        assertThrows(IllegalArgumentException.class, () -> new RttEstimator(1, 0, 1, 0));
    }

    @Test
    void aSampleFarBelowTheAverageStartsOver() {
        RttEstimator e = new RttEstimator(200 * MS, 20 * MS, 2000 * MS, 5 * MS);
        e.sample(600 * MS); // the peer was starting
        e.sample(400 * MS);
        assertEquals(1675 * MS, e.rto(), "RFC 6298 so far");
        e.sample(3 * MS);
        assertEquals(3 * MS, e.srtt());
        assertEquals(1_500_000L, e.rttvar());
        assertEquals(20 * MS, e.rto(), "the first sample of the fast path counts as a first sample");
    }

    @Test
    void aFallWithinAFactorOfFourIsSmoothed() {
        RttEstimator e = new RttEstimator(200 * MS, 1 * MS, 2000 * MS, MS);
        e.sample(100 * MS);
        e.sample(30 * MS);
        // RTTVAR = 3/4*50 + 1/4*70 = 55; SRTT = 7/8*100 + 1/8*30 = 91.25
        assertEquals(55 * MS, e.rttvar());
        assertEquals(91_250_000L, e.srtt());
    }
}
