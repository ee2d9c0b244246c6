//! Glicko-2 ratings.
//!
//! The arithmetic is the `skillratings` crate's, which follows Mark
//! Glickman's "Example of the Glicko-2 system" step by step (the Illinois
//! algorithm for the new volatility, a convergence tolerance of 0.000001,
//! the scale factor 173.7178) and reproduces its worked example; see the
//! test `glickman_worked_example`. This module adds what the game server
//! needs around it: scores as numbers, a cap on the rating deviation, the
//! provisional mark, and one game as one rating period.

use serde::{Deserialize, Serialize};
use skillratings::glicko2::{decay_deviation, glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// The system constant τ, which limits how fast a volatility can change.
///
/// Glickman suggests a value between 0.3 and 1.2 and uses 0.5 in his worked
/// example; lichess uses 0.75 with a 0.09 starting volatility. We keep 0.5,
/// the middle of the suggested range: ratings move steadily, and a player's
/// sudden jump in strength is still followed within a few dozen games.
pub const TAU: f64 = 0.5;

/// The rating deviation of a player with no games, and the most any rating
/// deviation may reach however long the player stays away.
pub const MAX_RD: f64 = 350.0;

/// Above this rating deviation a rating is provisional (shown with a `?`),
/// as on lichess.
pub const PROVISIONAL_RD: f64 = 110.0;

/// The convergence tolerance of the volatility iteration (step 5),
/// Glickman's ε.
const CONVERGENCE_TOLERANCE: f64 = 0.000_001;

/// A player's Glicko-2 rating, on the Glicko scale (1500 for a new player).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The rating r (the estimate of the player's strength).
    pub rating: f64,
    /// The rating deviation RD (the uncertainty of `rating`, one standard
    /// deviation), at most [`MAX_RD`].
    pub rd: f64,
    /// The volatility σ (how erratic the player's results are).
    pub volatility: f64,
}

impl Default for Rating {
    /// A new player: 1500, RD 350, volatility 0.06 (Glickman's defaults).
    fn default() -> Self {
        Self {
            rating: 1500.0,
            rd: MAX_RD,
            volatility: 0.06,
        }
    }
}

impl Rating {
    /// Whether the rating is still provisional: its deviation is above
    /// [`PROVISIONAL_RD`].
    #[must_use]
    pub fn provisional(&self) -> bool {
        self.rd > PROVISIONAL_RD
    }

    /// The rating as shown to people: rounded to a whole number, followed
    /// by `?` while provisional, e.g. `"1500?"` or `"1623"`.
    #[must_use]
    pub fn display(&self) -> String {
        let mark = if self.provisional() { "?" } else { "" };
        format!("{:.0}{mark}", self.rating.round())
    }

    fn to_skillratings(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.rd,
            volatility: self.volatility,
        }
    }

    fn from_skillratings(rating: Glicko2Rating) -> Self {
        Self {
            rating: rating.rating,
            rd: rating.deviation.min(MAX_RD),
            volatility: rating.volatility,
        }
    }
}

/// The outcome of a game from a score: 1 a win, 0.5 a draw, 0 a loss.
///
/// Other numbers are taken to the nearest of those three (above 0.75 a win,
/// below 0.25 a loss, anything else, NaN included, a draw).
fn outcome(score: f64) -> Outcomes {
    if score > 0.75 {
        Outcomes::WIN
    } else if score < 0.25 {
        Outcomes::LOSS
    } else {
        Outcomes::DRAW
    }
}

/// The player's rating after one rating period in which they played
/// `games`: each game is the opponent's rating at the start of the period
/// and the player's score (1 a win, 0.5 a draw, 0 a loss).
///
/// With no games only the rating deviation grows (step 6 of Glickman's
/// algorithm: RD' = √(RD² + σ²) on the Glicko-2 scale), up to [`MAX_RD`].
/// `tau` is the system constant; the server uses [`TAU`].
#[must_use]
pub fn update(player: Rating, games: &[(Rating, f64)], tau: f64) -> Rating {
    let player = player.to_skillratings();
    if games.is_empty() {
        return Rating::from_skillratings(decay_deviation(&player));
    }
    let results: Vec<(Glicko2Rating, Outcomes)> = games
        .iter()
        .map(|&(opponent, score)| (opponent.to_skillratings(), outcome(score)))
        .collect();
    let config = Glicko2Config {
        tau,
        convergence_tolerance: CONVERGENCE_TOLERANCE,
    };
    Rating::from_skillratings(glicko2_rating_period(&player, &results, &config))
}

/// Both players' ratings after one game between them, `score_a` being
/// `a`'s score (1 a win for `a`, 0.5 a draw, 0 a win for `b`).
///
/// Each game is its own rating period, as lichess does, so ratings move
/// after every game; both updates use the ratings from before the game.
#[must_use]
pub fn after_game(a: Rating, b: Rating, score_a: f64, tau: f64) -> (Rating, Rating) {
    let new_a = update(a, &[(b, score_a)], tau);
    let new_b = update(b, &[(a, 1.0 - score_a)], tau);
    (new_a, new_b)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rating(rating: f64, rd: f64) -> Rating {
        Rating {
            rating,
            rd,
            volatility: 0.06,
        }
    }

    /// Glickman's "Example of the Glicko-2 system": a 1500/200/0.06 player
    /// beats a 1400/30 player and loses to a 1550/100 and a 1700/300 one.
    /// The paper gives 1464.06 / 151.52 / 0.05999, computed with rounded
    /// intermediate values (μ' = -0.2069, φ' = 0.8722); unrounded the
    /// result is 1464.0507 / 151.5165 / 0.0599960, within 0.01 of the paper.
    #[test]
    fn glickman_worked_example() {
        let player = rating(1500.0, 200.0);
        let games = [
            (rating(1400.0, 30.0), 1.0),
            (rating(1550.0, 100.0), 0.0),
            (rating(1700.0, 300.0), 0.0),
        ];
        let new = update(player, &games, 0.5);
        assert!((new.rating - 1464.06).abs() < 0.01, "{new:?}");
        assert!((new.rd - 151.52).abs() < 0.01, "{new:?}");
        assert!((new.volatility - 0.05999).abs() < 0.00001, "{new:?}");
        // The unrounded values, to pin the arithmetic down.
        assert!((new.rating - 1464.0507).abs() < 0.0001, "{new:?}");
        assert!((new.rd - 151.5165).abs() < 0.0001, "{new:?}");
    }

    #[test]
    fn default_is_glickmans_new_player() {
        let new = Rating::default();
        assert_eq!((new.rating, new.rd, new.volatility), (1500.0, 350.0, 0.06));
        assert!(new.provisional());
    }

    #[test]
    fn a_win_raises_and_a_loss_lowers() {
        let (winner, loser) = after_game(Rating::default(), Rating::default(), 1.0, TAU);
        assert!(winner.rating > 1500.0);
        assert!(loser.rating < 1500.0);
        assert!(winner.rd < 350.0 && loser.rd < 350.0);
    }

    #[test]
    fn a_draw_between_equals_keeps_the_ratings() {
        let player = rating(1623.0, 80.0);
        let (a, b) = after_game(player, player, 0.5, TAU);
        assert!((a.rating - 1623.0).abs() < 1e-9, "{a:?}");
        assert!((b.rating - 1623.0).abs() < 1e-9, "{b:?}");
        assert!(a.rd < 80.0);
    }

    #[test]
    fn results_are_symmetric() {
        let a = rating(1550.0, 120.0);
        let b = rating(1480.0, 90.0);
        let (a1, b1) = after_game(a, b, 1.0, TAU);
        let (b2, a2) = after_game(b, a, 0.0, TAU);
        assert_eq!((a1, b1), (a2, b2));
        // Between equal players, what one gains the other loses.
        let (w, l) = after_game(Rating::default(), Rating::default(), 1.0, TAU);
        assert!(((w.rating - 1500.0) - (1500.0 - l.rating)).abs() < 1e-9);
        assert_eq!(w.rd, l.rd);
    }

    #[test]
    fn no_games_only_grows_the_deviation() {
        let player = Rating {
            rating: 1700.0,
            rd: 60.0,
            volatility: 0.05,
        };
        let new = update(player, &[], TAU);
        assert_eq!(new.rating, 1700.0);
        assert_eq!(new.volatility, 0.05);
        let scale: f64 = 173.7178;
        let expected = ((60.0 / scale).powi(2) + 0.05_f64.powi(2)).sqrt() * scale;
        assert!((new.rd - expected).abs() < 1e-9, "{new:?}");
        assert!(new.rd > 60.0);
    }

    #[test]
    fn the_deviation_never_exceeds_350() {
        let mut player = rating(1500.0, 340.0);
        for _ in 0..100 {
            player = update(player, &[], TAU);
            assert!(player.rd <= MAX_RD);
        }
        assert_eq!(player.rd, MAX_RD);
        // A new player against a far stronger, unknown opponent.
        let far = rating(3000.0, 350.0);
        for score in [0.0, 0.5, 1.0] {
            let new = update(Rating::default(), &[(far, score)], 1.2);
            assert!(new.rd <= MAX_RD, "{new:?}");
        }
    }

    #[test]
    fn scores_are_taken_to_the_nearest_result() {
        let a = Rating::default();
        let b = rating(1600.0, 200.0);
        assert_eq!(update(a, &[(b, 0.9)], TAU), update(a, &[(b, 1.0)], TAU));
        assert_eq!(update(a, &[(b, 0.1)], TAU), update(a, &[(b, 0.0)], TAU));
        assert_eq!(
            update(a, &[(b, f64::NAN)], TAU),
            update(a, &[(b, 0.5)], TAU)
        );
    }

    #[test]
    fn display_marks_provisional_ratings() {
        assert_eq!(Rating::default().display(), "1500?");
        let settled = Rating {
            rating: 1622.6,
            rd: 60.0,
            volatility: 0.06,
        };
        assert!(!settled.provisional());
        assert_eq!(settled.display(), "1623");
        assert!(!rating(1500.0, 110.0).provisional());
        assert!(rating(1500.0, 110.1).provisional());
    }
}
