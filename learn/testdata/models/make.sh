#!/bin/sh
# Regenerates the command-line model files of this directory and the
# predictions `demo predict` makes with them (see README.md). Run from the
# repository root: sh learn/testdata/models/make.sh
set -e
D=learn/testdata/models
demo() { go run ./cmd/demo "$@"; }
demo svm -type c -kernel rbf -gamma 0.25 -scale standard -save $D/svm_rbf_standard.json testdata/iris.csv >/dev/null
demo svm -type eps-svr -kernel rbf -gamma 0.1 -C 10 -scale minmax -save $D/svr_minmax.json testdata/diabetes.csv >/dev/null
demo logreg -lambda 0.1 -scale standard -save $D/logreg_words_standard.json $D/iris_words.csv >/dev/null
demo knn -k 5 -scale standard -pca 3 -save $D/knn_standard_pca.json testdata/wine.csv >/dev/null
demo knn -k 7 -regression -scale standard -save $D/knn_regressor_standard.json testdata/diabetes.csv >/dev/null
demo tree -max-depth 3 -save $D/tree_words.json $D/iris_words.csv >/dev/null
demo tree -max-depth 4 -regression -pca 4 -save $D/tree_regressor_pca.json testdata/diabetes.csv >/dev/null
demo ridge -lambda 1 -scale standard -pca 5 -save $D/ridge_standard_pca.json testdata/diabetes.csv >/dev/null
for m in svm_rbf_standard:testdata/iris.csv svr_minmax:testdata/diabetes.csv \
	logreg_words_standard:$D/iris_words.csv knn_standard_pca:testdata/wine.csv \
	knn_regressor_standard:testdata/diabetes.csv tree_words:$D/iris_words.csv \
	tree_regressor_pca:testdata/diabetes.csv ridge_standard_pca:testdata/diabetes.csv; do
	name=${m%%:*} data=${m#*:}
	demo predict -json -model $D/$name.json $data >$D/$name.predict.json
done
