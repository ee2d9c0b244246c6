//! The statistics of a match: the Elo difference from a score, its 95%
//! margin from the games' own spread, and the generalised sequential
//! probability ratio test (GSPRT) that stops a match once the games
//! decide between two hypotheses `elo0` and `elo1`. Written from the
//! formulas: the logistic Elo model, a normal approximation of the mean
//! score, the log-likelihood ratio of the two hypotheses' means under the
//! games' own variance, and Wald's bounds `ln(beta / (1 - alpha))` and
//! `ln((1 - beta) / alpha)`.
//!
//! The spread is counted two ways ([`Sample`]): game by game (wins, draws
//! and losses: the trinomial variance, [`Tally`]), or pair by pair
//! ([`Pairs`]: each start is played twice with the seats swapped, and a
//! pair scores 0, 1/2, 1, 3/2 or 2: the pentanomial variance). The games
//! of a pair are not independent: where the start decides the game (a
//! Dealer's Chess deal that gives one seat a mate in a few moves), each
//! engine wins it with the same seat, and the pair says "equal" with no
//! spread at all. Counted by pairs, such starts narrow the margin instead
//! of widening it, and the SPRT weighs the evidence as it is.

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

/// What the statistics are computed from: independent samples (games,
/// or pairs of games) with a mean score a game and the variance of one
/// sample's mean score a game.
pub trait Sample {
    /// Independent samples.
    fn samples(&self) -> u32;
    /// Games in them.
    fn games(&self) -> u32;
    /// The mean score a game (a win 1, a draw 1/2), 0.5 with no games.
    fn score(&self) -> f64;
    /// The variance of one sample's mean score a game about the mean.
    fn variance(&self) -> f64;
}

impl Sample for Tally {
    fn samples(&self) -> u32 {
        Tally::games(self)
    }
    fn games(&self) -> u32 {
        Tally::games(self)
    }
    fn score(&self) -> f64 {
        Tally::score(self)
    }
    fn variance(&self) -> f64 {
        Tally::variance(self)
    }
}

/// The pairs of games of a match, each start played twice with the seats
/// swapped, by the first engine's points in the pair (the pentanomial
/// count).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pairs {
    /// Pairs that gave the first engine 0, 1/2, 1, 3/2 and 2 points.
    pub counts: [u32; 5],
    /// Of the pairs worth 1, those of a win each: each engine won the
    /// start with the same seat.
    pub split: u32,
}

impl Pairs {
    /// Adds a pair from the first engine's half-points in each of its two
    /// games (0 a loss, 1 a draw, 2 a win).
    pub fn add(&mut self, first: u32, second: u32) {
        let points = (first.min(2) + second.min(2)) as usize;
        self.counts[points] += 1;
        if first.min(2) + second.min(2) == 2 && first != 1 {
            self.split += 1;
        }
    }

    /// Pairs played.
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }
}

impl Sample for Pairs {
    fn samples(&self) -> u32 {
        self.pairs()
    }
    fn games(&self) -> u32 {
        2 * self.pairs()
    }
    fn score(&self) -> f64 {
        let n = self.pairs();
        if n == 0 {
            return 0.5;
        }
        let points: u32 = self.counts.iter().zip(0..).map(|(&c, k)| c * k).sum();
        f64::from(points) / 4.0 / f64::from(n)
    }
    fn variance(&self) -> f64 {
        let n = self.pairs();
        if n == 0 {
            return 0.0;
        }
        let p = Sample::score(self);
        let sum: f64 = (0..5)
            .map(|k| f64::from(self.counts[k]) * (k as f64 / 4.0 - p).powi(2))
            .sum();
        sum / f64::from(n)
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
/// 0 or 1 or the interval reaches past them (no finite estimate), or the
/// samples show no spread (every game drawn, every pair split: no
/// evidence of scale).
pub fn elo_with_margin(t: &impl Sample) -> Option<(f64, f64)> {
    let n = f64::from(t.samples());
    let p = t.score();
    if t.samples() == 0 || p <= 0.0 || p >= 1.0 || t.variance() <= 0.0 {
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
    /// with n samples (games or pairs) of mean score s a game and
    /// variance v a sample, and the means s0, s1 the hypotheses expect,
    /// the normal model gives `n (s1 - s0) (2 s - s0 - s1) / (2 v)`. 0
    /// while the samples show no spread (all drawn, or all won by one
    /// side): no evidence of scale.
    pub fn llr(&self, t: &impl Sample) -> f64 {
        let v = t.variance();
        if t.samples() == 0 || v <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        let s = t.score();
        f64::from(t.samples()) * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * v)
    }

    /// The verdict after the games of `t`: none before
    /// [`MIN_SPRT_GAMES`] games, where the normal model behind the
    /// log-likelihood ratio does not hold (a start of 6 wins and a draw
    /// has a tiny variance and an LLR of 3.4).
    pub fn verdict(&self, t: &impl Sample) -> Verdict {
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

    fn pairs(counts: [u32; 5], split: u32) -> Pairs {
        Pairs { counts, split }
    }

    #[test]
    fn pairs_count_the_pentanomial() {
        let mut p = Pairs::default();
        p.add(2, 0); // each won with the same seat
        p.add(1, 1);
        p.add(2, 2);
        p.add(0, 1);
        assert_eq!(p, pairs([0, 1, 2, 0, 1], 1));
        assert_eq!(p.pairs(), 4);
        assert_eq!(Sample::games(&p), 8);
        // (1 + 2 + 2 + 4) / 8 = 0.5625 a game.
        assert!(close(Sample::score(&p), 0.5625, 1e-12));
        // Pair scores 0.25, 0.5, 0.5, 1 about 0.5625: (0.09765625 +
        // 2 * 0.00390625 + 0.19140625) / 4 = 0.07421875.
        assert!(close(Sample::variance(&p), 0.074_218_75, 1e-12));
    }

    #[test]
    fn split_pairs_narrow_the_margin_that_games_widen() {
        // 100 pairs: 80 split (each engine won the start with the same
        // seat), 15 won twice by A, 5 lost twice. Game by game that is
        // +110 -90: a wide margin. By pairs the 80 splits say "equal"
        // with no spread, and the margin is the pairs' own.
        let p = pairs([5, 0, 80, 0, 15], 80);
        let games = Tally {
            wins: 80 + 30,
            draws: 0,
            losses: 80 + 10,
        };
        assert!(close(Sample::score(&p), games.score(), 1e-12));
        let (e1, m1) = elo_with_margin(&games).unwrap();
        let (e2, m2) = elo_with_margin(&p).unwrap();
        assert!(close(e1, e2, 1e-9));
        // Standard errors sqrt(0.0475 / 100) against sqrt(0.2475 / 200).
        assert!(m2 < m1 * 0.7, "{m2} against {m1}");
        // Pairs whose games went the same way (no seat effect) widen it.
        let same = pairs([45, 0, 0, 0, 55], 0);
        let (_, m3) = elo_with_margin(&same).unwrap();
        assert!(m3 > m1, "{m3} against {m1}");
        // Every pair split: no spread, no margin.
        assert_eq!(elo_with_margin(&pairs([0, 0, 12, 0, 0], 12)), None);
        assert_eq!(elo_with_margin(&t(0, 6, 0)), None);
    }

    #[test]
    fn an_sprt_by_pairs_uses_the_pairs_spread() {
        let s: Sprt = "0,25".parse().unwrap();
        let p = pairs([10, 0, 160, 0, 30], 160);
        // By hand: n 200, s 0.55, v = (10 * 0.55^2 + 160 * 0.05^2 + 30 *
        // 0.45^2) / 200 = 0.0475; s0 0.5, s1 = score_of_elo(25): LLR 4.8.
        let s1 = score_of_elo(25.0);
        let v = (10.0 * 0.55f64.powi(2) + 160.0 * 0.05f64.powi(2) + 30.0 * 0.45f64.powi(2)) / 200.0;
        let want = 200.0 * (s1 - 0.5) * (2.0 * 0.55 - 0.5 - s1) / (2.0 * v);
        assert!(close(s.llr(&p), want, 1e-9), "{} {want}", s.llr(&p));
        assert_eq!(s.verdict(&p), Verdict::H1);
        // The same games counted one by one do not decide yet.
        let games = Tally {
            wins: 220,
            draws: 0,
            losses: 180,
        };
        assert!(s.llr(&games) < s.llr(&p));
        assert_eq!(s.verdict(&games), Verdict::Continue);
        // Fewer than MIN_SPRT_GAMES games in the pairs: no verdict.
        assert_eq!(s.verdict(&pairs([0, 0, 0, 0, 14], 0)), Verdict::Continue);
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
