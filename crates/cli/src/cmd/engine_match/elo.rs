//! The statistics of a match: the Elo difference from a score, its 95%
//! margin from the games' own spread (wins, draws and losses: the
//! trinomial variance), and the generalised sequential probability ratio
//! test (GSPRT) that stops a match once the games decide between two
//! hypotheses `elo0` and `elo1`. Written from the formulas: the logistic
//! Elo model, a normal approximation of the mean score, the log-likelihood
//! ratio of the two hypotheses' means under the games' own variance, and
//! Wald's bounds `ln(beta / (1 - alpha))` and `ln((1 - beta) / alpha)`.

/// Wins, draws and losses of one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Tally {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The mean score (a win 1, a draw 1/2), 0.5 with no games.
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(n)
    }

    /// The variance of one game's score about the mean (trinomial).
    pub fn variance(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.0;
        }
        let p = self.score();
        (f64::from(self.wins) * (1.0 - p).powi(2)
            + f64::from(self.draws) * (0.5 - p).powi(2)
            + f64::from(self.losses) * p.powi(2))
            / f64::from(n)
    }
}

/// The Elo difference of a mean score strictly between 0 and 1.
pub fn elo_of_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10() + 0.0
}

/// The mean score expected at an Elo difference.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference and its 95% margin (half the interval's width,
/// from the mean's normal approximation), or `None` where the score is
/// 0 or 1 or the interval reaches past them (no finite estimate).
pub fn elo_with_margin(t: &Tally) -> Option<(f64, f64)> {
    let n = f64::from(t.games());
    let p = t.score();
    if t.games() == 0 || p <= 0.0 || p >= 1.0 {
        return None;
    }
    let half = 1.96 * (t.variance() / n).sqrt();
    let (lo, hi) = (p - half, p + half);
    if lo <= 0.0 || hi >= 1.0 {
        return None;
    }
    Some((elo_of_score(p), (elo_of_score(hi) - elo_of_score(lo)) / 2.0))
}

/// An SPRT's hypotheses and error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of the null hypothesis.
    pub elo0: f64,
    /// The Elo difference of the alternative.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Where an SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Neither bound reached: play on.
    Continue,
    /// H0 accepted (the difference is `elo0` or less).
    H0,
    /// H1 accepted (the difference is `elo1` or more).
    H1,
}

impl std::str::FromStr for Sprt {
    type Err = String;

    /// `elo0,elo1[,alpha,beta]` (alpha and beta 0.05 unless given).
    fn from_str(s: &str) -> Result<Self, String> {
        let parts: Vec<f64> = s
            .split(',')
            .map(|p| p.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|_| format!("'{s}': elo0,elo1[,alpha,beta] expected (numbers)"))?;
        let (elo0, elo1, alpha, beta) = match parts[..] {
            [a, b] => (a, b, 0.05, 0.05),
            [a, b, c, d] => (a, b, c, d),
            _ => return Err(format!("'{s}': elo0,elo1[,alpha,beta] expected")),
        };
        if !(elo0.is_finite()
            && elo1.is_finite()
            && elo0 < elo1
            && elo1.abs() < 2000.0
            && elo0.abs() < 2000.0)
        {
            return Err(format!("'{s}': elo0 must be below elo1 (within +-2000)"));
        }
        if !(alpha > 0.0 && alpha < 0.5 && beta > 0.0 && beta < 0.5) {
            return Err(format!("'{s}': alpha and beta must be between 0 and 0.5"));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }
}

/// The games an SPRT plays at least before a verdict.
pub const MIN_SPRT_GAMES: u32 = 30;

impl Sprt {
    /// The lower and upper bounds of the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 after the games of `t`:
    /// with n games of mean score s and per-game variance v, and the means
    /// s0, s1 the hypotheses expect, the normal model gives
    /// `n (s1 - s0) (2 s - s0 - s1) / (2 v)`. 0 while the games show no
    /// spread (all drawn, or all won by one side): no evidence of scale.
    pub fn llr(&self, t: &Tally) -> f64 {
        let v = t.variance();
        if t.games() == 0 || v <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        let s = t.score();
        f64::from(t.games()) * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * v)
    }

    /// The verdict after the games of `t`: none before
    /// [`MIN_SPRT_GAMES`] games, where the normal model behind the
    /// log-likelihood ratio does not hold (a start of 6 wins and a draw
    /// has a tiny variance and an LLR of 3.4).
    pub fn verdict(&self, t: &Tally) -> Verdict {
        if t.games() < MIN_SPRT_GAMES {
            return Verdict::Continue;
        }
        let llr = self.llr(t);
        let (lo, hi) = self.bounds();
        if llr >= hi {
            Verdict::H1
        } else if llr <= lo {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn elo_from_score() {
        assert!(close(elo_of_score(0.5), 0.0, 1e-9));
        // 75%: 400 log10(3) = 190.85.
        assert!(close(elo_of_score(0.75), 190.848, 1e-3));
        assert!(close(elo_of_score(0.25), -190.848, 1e-3));
        assert!(close(score_of_elo(elo_of_score(0.6)), 0.6, 1e-12));
    }

    #[test]
    fn margin_from_the_trinomial_variance() {
        // 10-0-10: p 0.5, variance 0.25, se 0.5/sqrt(20) = 0.1118; the
        // interval 0.2809..0.7191: +-163 Elo.
        let (elo, m) = elo_with_margin(&t(10, 0, 10)).unwrap();
        assert!(close(elo, 0.0, 1e-9));
        assert!(close(m, 163.0, 0.5), "{m}");
        // Draws narrow it: 5-10-5 has variance 0.125.
        let (_, m2) = elo_with_margin(&t(5, 10, 5)).unwrap();
        assert!(m2 < m);
        assert!(close(t(5, 10, 5).variance(), 0.125, 1e-12));
        assert_eq!(elo_with_margin(&t(3, 0, 0)), None);
        assert_eq!(elo_with_margin(&t(0, 0, 0)), None);
    }

    #[test]
    fn sprt_bounds_and_llr() {
        let s: Sprt = "0,10".parse().unwrap();
        let (lo, hi) = s.bounds();
        // ln(0.05/0.95) and ln(0.95/0.05).
        assert!(close(lo, -2.944, 1e-3));
        assert!(close(hi, 2.944, 1e-3));
        // A score halfway between the hypotheses' means: no evidence.
        let mid = t(500, 0, 500);
        let s_mid: Sprt = "-10,10".parse().unwrap();
        assert!(close(s_mid.llr(&mid), 0.0, 1e-9));
        // A strong side is soon accepted as better, a weak one as not.
        // 300-100-100: s 0.7, variance 0.16, LLR 8.67; the mirror -9.3.
        assert_eq!(s.verdict(&t(300, 100, 100)), Verdict::H1);
        assert_eq!(s.verdict(&t(100, 100, 300)), Verdict::H0);
        assert_eq!(s.verdict(&t(70, 20, 30)), Verdict::Continue);
        assert_eq!(s.verdict(&t(5, 0, 5)), Verdict::Continue);
        // A lucky start decides nothing: 6 wins and a draw pass the
        // bound, but too few games for the model.
        let wide: Sprt = "0,25".parse().unwrap();
        let lucky = t(6, 1, 0);
        assert!(wide.llr(&lucky) > hi, "{}", wide.llr(&lucky));
        assert_eq!(wide.verdict(&lucky), Verdict::Continue);
        assert_eq!(wide.verdict(&t(25, 5, 0)), Verdict::H1);
        // By hand: n 120, s (70 + 10)/120 = 0.6667, variance
        // (70 (1/3)^2 + 20 (1/6)^2 + 30 (2/3)^2)/120 = 0.180556; s0 0.5,
        // s1 0.514387: 120 * 0.014387 * (1.33333 - 1.014387) / 0.361111
        // = 1.525.
        let want = 120.0 * 0.014387 * (2.0 * (80.0 / 120.0) - 1.014387) / (2.0 * 0.180556);
        assert!(
            close(s.llr(&t(70, 20, 30)), want, 1e-2),
            "{}",
            s.llr(&t(70, 20, 30))
        );
        assert_eq!(s.llr(&t(0, 10, 0)), 0.0);
        assert!("10,0".parse::<Sprt>().is_err());
        assert!("0,10,0.7,0.05".parse::<Sprt>().is_err());
        assert!("x".parse::<Sprt>().is_err());
        assert_eq!("0,5,0.1,0.2".parse::<Sprt>().unwrap().beta, 0.2);
    }
}
