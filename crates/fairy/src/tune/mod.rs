//! Texel tuning of the generic evaluation's weights ([`EvalWeights`]):
//! positions from self-play labelled with the game's result, and a
//! logistic fit of the static evaluation to those results.
//!
//! - [`sample`]: a position and its game's result from the first seat's
//!   point of view (1, 0.5, 0), written one a line as the position string
//!   then the result in brackets (`... w KQkq - 0 1 [0.5]`).
//! - [`selfplay`]: games of the engine against itself at a small fixed
//!   depth, each from the setup and a few random plies drawn from the
//!   seed and the game's number ([`deckmate_rules::SeededRng`]), so a seed
//!   always gives the same positions. Only quiet positions are kept: after
//!   the random plies, with the side to move not in check and the move the
//!   engine played from there neither a capture nor a promotion (the
//!   evaluation's "tactical" moves), so the static score is about what the
//!   search would find.
//! - [`fit`]: Texel's method. The error of weights `w` is the mean over
//!   the positions of `(result - sigmoid(K * eval_w / 400))^2`, with
//!   `sigmoid(x) = 1 / (1 + 10^-x)` and `eval_w` the static evaluation at
//!   `w` from the first seat's point of view. `K` is fitted first on the
//!   starting weights and then held; the weights are then moved one at a
//!   time by a step, kept while the error falls, the step halved when no
//!   weight moves, until it is below 1 or the passes run out:
//!   deterministic, the error never rising.
//!
//! [`EvalWeights`]: crate::eval::EvalWeights

pub mod fit;
pub mod sample;
pub mod selfplay;

pub use fit::{fit_k, sigmoid, texel_error, tune, FitReport, FitSettings, Progress};
pub use sample::{read_samples, write_samples, Sample, SampleError, SampleProblem};
pub use selfplay::{generate, SelfPlaySettings};
