// Package learn implements the learning algorithms of the lecture notes on
// top of packages matrix, eigen and optimize: the PCA family (PCA, whitening,
// ZCA, the Gram trick, kernel PCA), spectral embedding, Fisher's
// discriminant, kernels and support vector machines, and the later topics of
// the notes.
//
// # Conventions
//
// A data matrix X is n×d, rows are samples; the notes write d×n. Every
// algorithm is split into a configuration struct whose zero value means
// "use the defaults" and a fitted model returned by Fit, so that an unfitted
// model cannot exist. Fit never modifies its inputs.
//
// # Supervised learners
//
// Every supervised learner is a configuration struct whose Fit (or
// FitClassifier, FitRegressor) returns its own concrete model. Code that
// trains any learner — cross-validation, the bootstrap, bagging, the CLI —
// takes a ClassifierTrainer or a RegressorTrainer and gets back a Classifier
// (Predict returns one label per row as []int) or a Regressor (Predict
// returns []float64). Classify and Regress adapt a concrete Fit method in one
// line, learn.Classify(learn.FisherLDA{}.Fit); SVM has Classifier and
// Regressor methods because one SVMModel type serves both tasks. Optional
// capabilities (probabilities, decision values) are the interfaces
// ProbabilisticClassifier and DecisionClassifier, found by type assertion.
// The design is set out in learner.go.
//
// # Notes map
//
//	000, "PCA Procedure"; 003, "P.C.A. Algorithm"                         PCA.Fit, PCAModel.Transform
//	001, "Principal Component Analysis" (X = UZ, partial reconstruction)   PCAModel.Reconstruct, PCAModel.ReconstructionError
//	003, "Approximate Representation" (k(d + n) numbers, the 95% rule)    PCAModel.StorageCount, PCA.VarianceFraction
//	003, "Potential Algorithm" (best direction, deflate, repeat)          PCA with PCADeflation
//	004, "PCA and Whitening Transform", "ZCA Whitening"                  Whiten.Fit, WhitenModel.Transform
//	004, "High dimensional PCA" (the n×n Gram trick)                     PCA with PCAGram
//	004, "Kernel function", "Mercer Theorem"                             Kernel, GramMatrix, CrossGram, MercerCheck
//	004, "Kernel PCA"                                                    KernelPCA.Fit, KernelPCAModel.Transform
//	002, "Problem Formulation" (min trace(HᵀLH), HᵀH = I)                SpectralEmbedding.Fit
//	004, "Fisher Linear Discriminant"                                    FisherLDA.Fit, FisherModel.Predict
//	004, "Support Vector Machines(SVM)", "Using Slack Variable"          SVM.FitClassifier (CSVC, Hard), SVMModel.Decision, PrimalW
//	004, "v- SVM"                                                        SVM.FitClassifier (NuSVC), BinarySVM.FractionSV, EquivalentC, NuRho
//	004, "Support Vector Regression", "v-SVR"                            SVM.FitRegressor (EpsSVR, NuSVR)
//	004, "SMO Algorithm"                                                 the solver optimize.SMO, reached through SVM
//	004, "Bias-Variance Trade-off"                                       BiasVariance.Run (with VandermondeFit)
//	004, "Hold out Validation Set"                                       HoldOutSplit, HoldOutClassifier, ModelSelectionCurve*
//	004, "K-fold Cross-Validation" (ρ, e_cv)                             KFold, StratifiedKFold, CrossValidateClassifier/Regressor
//	004, "Bootstrap Methods" (e¹_boot, e_boot, .632; 1-NN example)       Bootstrap, KNN
//	004, "Bagging Estimate"                                              Bagging
//	004, "Combining Classifier" (the three-classifier example)           ThreeClassifier
//	004, "Random Forest", "Decision Trees"                               RandomForest, DecisionTree
//	004, "AdaBoost", "AdaBoost Algorithm" (the half-weight property)     AdaBoost, Stump
//
// docs/index.md maps every heading of every note, with its status.
//
// # Errors
//
// Bad data (NaN, Inf, empty or ragged input, mismatched lengths) and invalid
// hyper-parameters return errors; nothing panics on user input.
package learn
